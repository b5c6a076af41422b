import type { JobRun } from '@rrc/contract';
import type { JobRunRow } from './job-runs.repository.ts';

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function toJobRun(row: JobRunRow): JobRun {
  return {
    id: row.id,
    job: row.job,
    trigger: row.trigger,
    status: row.status,
    scheduled_for: row.scheduled_for,
    params: parseObject(row.params),
    progress: { done: row.progress_done, total: row.progress_total },
    counts: parseObject(row.counts),
    error: row.error,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

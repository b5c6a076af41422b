import type { JobRun } from '@rrc/contract';
import { dateTimeFormat } from '../../lib/intl.ts';

export type JobStatus = JobRun['status'];

const FINISHED: ReadonlySet<JobStatus> = new Set(['succeeded', 'partial', 'failed']);

export function isFinished(run: Pick<JobRun, 'status'>): boolean {
  return FINISHED.has(run.status);
}

const JOB_LABELS: Record<string, string> = {
  'rising-stars': 'Rising Stars',
  'all-fictions': 'All fictions',
  fiction: 'One fiction',
  'author-report': "Authors' reports",
};

export function jobLabel(job: string): string {
  return JOB_LABELS[job] ?? job;
}

const TRIGGER_LABELS: Record<string, string> = {
  schedule: 'Schedule',
  'catch-up': 'Catch-up',
  manual: 'Admin',
  cli: 'Command line',
  refresh: 'Reader refresh',
  add: 'Reader add',
  claim: 'Author claim check',
};

export function triggerLabel(trigger: string): string {
  return TRIGGER_LABELS[trigger] ?? trigger;
}

const COUNT_LABELS: Record<string, string> = {
  lists: 'Lists',
  lists_failed: 'Lists failed',
  entries: 'Entries',
  fictions_created: 'New fictions',
  capture_id: 'Capture id',
  tracked: 'Tracked',
  skipped: 'Skipped',
  scraped: 'Scraped',
  failed: 'Failed',
  royalroad_id: 'Royal Road id',
  fiction_id: 'Fiction id',
  created: 'New to the site',
  title: 'Title',
};

function countLabel(key: string): string {
  const known = COUNT_LABELS[key];
  if (known) return known;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function countValue(key: string, value: unknown): string {
  // Ids are names, not amounts: no thousands separators.
  if (typeof value === 'number') return /(^|_)id$/.test(key) ? String(value) : value.toLocaleString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value);
}

/** A run's counts as label/value pairs a person can read ("Lists failed", "0"). */
export function countEntries(counts: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(counts).map(([key, value]) => [countLabel(key), countValue(key, value)]);
}

/** "850 ms", "12.4 s", "3 min 5 s", "1 h 2 min". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const wholeSeconds = Math.round(seconds);
  const minutes = Math.floor(wholeSeconds / 60);
  if (minutes < 60) return `${minutes} min ${wholeSeconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** How long a run took, or has taken so far while it runs. */
export function runDuration(run: JobRun, now = Date.now()): number | null {
  if (!run.started_at) return null;
  const end = run.finished_at ? Date.parse(run.finished_at) : now;
  return end - Date.parse(run.started_at);
}

const UTC_FORMAT: Intl.DateTimeFormatOptions = {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** A moment in UTC, in the style of the server's Pacific texts: "Sat, Nov 21, 08:24 UTC". */
export function utcTime(iso: string): string {
  return `${dateTimeFormat(UTC_FORMAT, 'en-US').format(new Date(iso))} UTC`;
}

export interface JobLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface JobContext {
  runId: number;
  params: Record<string, unknown>;
  /** When the run was meant to happen (scheduled runs), else when it started. */
  scheduledFor: string;
  now(): Date;
  log: JobLogger;
  /** Aborted when the process shuts down: a job stops between items and throws. */
  signal: AbortSignal;
  /** Records how far the run is; also keeps the run's heartbeat fresh. */
  progress(done: number, total: number | null, counts: object): Promise<void>;
  /**
   * Renews the worker's lease on the run; throws when another worker took the run over (this one's lease
   * lapsed): call it before writing what must not be written twice. Absent outside a job runner.
   */
  keep?(): Promise<void>;
  /** The counts the run's previous worker recorded, when this worker takes the run over. */
  resumed?: Record<string, unknown>;
}

export interface JobResult {
  status: 'succeeded' | 'partial' | 'failed';
  counts: object;
  error?: string | null;
}

export type JobHandler = (context: JobContext) => Promise<JobResult>;

/** Formats a duration for progress lines: 95000 → "1m35s". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}h${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}

/** Logs "name: 120/500 done, 2 failed, about 6m20s left" at most every `everyMs`. */
export function progressReporter(name: string, log: JobLogger, now: () => number, everyMs = 15_000) {
  const startedAt = now();
  let lastAt = 0;
  return (done: number, total: number, failed: number, force = false) => {
    const at = now();
    if (!force && at - lastAt < everyMs) return;
    lastAt = at;
    const elapsed = at - startedAt;
    const eta =
      done > 0 && total > done ? ` about ${formatDuration((elapsed / done) * (total - done))} left` : '';
    log.info(
      `${name}: ${done}/${total} done, ${failed} failed, ${formatDuration(elapsed)} so far${eta ? `,${eta}` : ''}`,
    );
  };
}

/** The little of a logger background work needs. */
export interface TaskLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Work that goes on after the answer was sent (sending mail, for one): each task's failure is logged with its
 * context, never thrown at a request. At most `limit` tasks wait or run at once; past that a new one is
 * refused (logged) rather than let memory grow. `idle()` resolves once nothing is left, for shutdown and tests.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();
  private readonly limit: number;
  private readonly log: TaskLog;

  constructor(options: { log: TaskLog; limit?: number }) {
    this.log = options.log;
    this.limit = options.limit ?? 1000;
  }

  /** Starts `work` on a later turn of the event loop; false when too much is already waiting. */
  run(context: Record<string, unknown> & { task: string }, work: () => Promise<void>): boolean {
    if (this.pending.size >= this.limit) {
      this.log.error({ ...context, waiting: this.pending.size }, 'background task refused: too many waiting');
      return false;
    }
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => {
        this.log.error({ ...context, reason: oneLine(error) }, 'background task failed');
      })
      .finally(() => {
        this.pending.delete(task);
      });
    this.pending.add(task);
    return true;
  }

  /** Resolves when every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/** A failure in one line for logs: its kind, code and first line of message. */
export function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  const code =
    (error as { code?: unknown; responseCode?: unknown }).responseCode ?? (error as { code?: unknown }).code;
  const first = error.message.split('\n')[0]?.slice(0, 200) ?? '';
  return `${error.name}${code !== undefined ? ` (${String(code)})` : ''}: ${first}`;
}

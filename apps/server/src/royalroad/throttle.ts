/**
 * Runs tasks one at a time and keeps at least `intervalMs` between the end of
 * one task and the start of the next. One instance is shared by every job of a
 * process, so all requests to Royal Road queue here.
 */
export class Throttle {
  readonly intervalMs: number;
  private tail: Promise<unknown> = Promise.resolve();
  private lastFinishedAt = 0;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(
    intervalMs: number,
    options: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
  ) {
    this.intervalMs = intervalMs;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(async () => {
      const wait = this.lastFinishedAt + this.intervalMs - this.now();
      // One extra millisecond: Date.now() truncates, and the gap must never come out short.
      if (wait > 0) await this.sleep(wait + 1);
      try {
        return await task();
      } finally {
        this.lastFinishedAt = this.now();
      }
    });
    // The queue goes on after a failed task.
    this.tail = result.catch(() => undefined);
    return result;
  }
}

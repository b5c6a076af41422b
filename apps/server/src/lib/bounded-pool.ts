/** Refused by `BoundedPool.run`: every slot is taken and the queue is full. */
export class PoolFullError extends Error {
  constructor() {
    super('every slot is taken and the queue is full');
    this.name = 'PoolFullError';
  }
}

/**
 * Runs at most `concurrency` tasks at once; up to `maxWaiting` more wait their turn, first come first served.
 * Past that a task is refused at once (`PoolFullError`) instead of waiting: work whose memory is not the
 * heap's (native buffers, say) cannot pile up however many ask for it.
 *
 * Each task starts on a later turn of the event loop, never straight after the one before it: work that
 * holds the thread (drawing an image, say) lets the requests that arrived meanwhile be answered or take
 * their place in the queue, and native memory freed by the tasks before it (released by finalizers that
 * run between turns of the loop) be given back, instead of a whole queue running as one block.
 */
export class BoundedPool {
  private readonly concurrency: number;
  private readonly maxWaiting: number;
  private readonly waiting: Array<() => void> = [];
  private active = 0;

  constructor(options: { concurrency: number; maxWaiting: number }) {
    if (!(options.concurrency >= 1) || !(options.maxWaiting >= 0))
      throw new Error('a pool needs at least one slot and a queue of zero or more');
    this.concurrency = options.concurrency;
    this.maxWaiting = options.maxWaiting;
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` once a slot is free; rejects with `PoolFullError`, without running it, when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) this.active += 1;
    else if (this.waiting.length < this.maxWaiting) {
      // The slot is handed over by the task that frees it (see below), so `active` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else throw new PoolFullError();
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

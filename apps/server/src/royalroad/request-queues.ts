import { MESSAGES } from '@rrc/contract';
import { RoyalRoadError } from './errors.ts';

/**
 * Which queue a request to Royal Road waits in: `scheduled` for the jobs of the schedule (captures and the
 * nightly refresh), `interactive` for what people ask for (adds, refreshes, look-ups, profiles).
 */
export type QueueName = 'scheduled' | 'interactive';

/** Who asked for an interactive request: a reader, an address, or both. */
export interface Requester {
  userId?: number | null;
  address?: string | null;
}

export interface Ticket {
  queue: QueueName;
  /** Interactive requests only: each reader and each address may have only a few waiting. */
  requester?: Requester;
}

export const SCHEDULED: Ticket = { queue: 'scheduled' };
export const INTERACTIVE: Ticket = { queue: 'interactive' };

export interface QueueLimits {
  /** Interactive requests that may wait at once; one more is refused as busy. */
  interactiveWaiting: number;
  /** Interactive requests one reader may have waiting or under way. */
  perUser: number;
  /** Interactive requests one address may have waiting or under way. */
  perAddress: number;
}

export const DEFAULT_QUEUE_LIMITS: QueueLimits = { interactiveWaiting: 20, perUser: 3, perAddress: 5 };

interface Waiting {
  queue: QueueName;
  task: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  requester: Requester | undefined;
}

/**
 * Every request to Royal Road of a process goes through here, one at a time, at least `intervalMs` after the
 * previous one ended, whichever queue either came from. Which request goes next is decided when the gap has
 * passed:
 * - while a capture holds the line (`hold()`), only scheduled requests go: interactive work delays a capture
 *   by the one request that was already under way when it started, never more;
 * - otherwise, when both queues have requests waiting, they take turns, so readers are not kept waiting for
 *   the whole nightly refresh.
 * The interactive queue is capped, and each reader and address may have only a few requests in it.
 */
export class RequestQueues {
  readonly intervalMs: number;
  readonly limits: QueueLimits;
  private readonly waiting: Record<QueueName, Waiting[]> = { scheduled: [], interactive: [] };
  private current: Waiting | null = null;
  private lastQueue: QueueName | null = null;
  private lastFinishedAt = Number.NEGATIVE_INFINITY;
  private holds = 0;
  private draining = false;
  private wake: (() => void) | null = null;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(
    intervalMs: number,
    options: {
      limits?: Partial<QueueLimits>;
      sleep?: (ms: number) => Promise<void>;
      now?: () => number;
    } = {},
  ) {
    this.intervalMs = intervalMs;
    this.limits = { ...DEFAULT_QUEUE_LIMITS, ...options.limits };
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
  }

  /** Requests waiting in each queue (not counting the one under way). */
  get sizes(): Record<QueueName, number> {
    return { scheduled: this.waiting.scheduled.length, interactive: this.waiting.interactive.length };
  }

  /**
   * Throws the error an interactive request from `requester` would meet now: the queue is full (`busy`), or
   * this reader or address already has its share waiting (`limited`).
   */
  admit(requester?: Requester): void {
    const { interactiveWaiting, perUser, perAddress } = this.limits;
    if (this.waiting.interactive.length >= interactiveWaiting)
      throw new RoyalRoadError('busy', MESSAGES.royalRoadBusy);
    const mine = (match: (asker: Requester) => boolean) =>
      [...this.waiting.interactive, ...(this.current?.queue === 'interactive' ? [this.current] : [])].filter(
        (entry) => entry.requester && match(entry.requester),
      ).length;
    const userId = requester?.userId;
    if (userId != null && mine((asker) => asker.userId === userId) >= perUser) {
      throw new RoyalRoadError(
        'limited',
        `You already have ${perUser} requests waiting for Royal Road. Please wait until they are done.`,
      );
    }
    const address = requester?.address;
    if (address && mine((asker) => asker.address === address) >= perAddress) {
      throw new RoyalRoadError(
        'limited',
        `${perAddress} requests from your address are already waiting for Royal Road. Please wait until they are done.`,
      );
    }
  }

  /** Runs `task` in its turn. An interactive request that cannot be admitted fails at once (see `admit`). */
  run<T>(task: () => Promise<T>, ticket: Ticket): Promise<T> {
    if (ticket.queue === 'interactive') {
      try {
        this.admit(ticket.requester);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting[ticket.queue].push({
        queue: ticket.queue,
        task,
        resolve: resolve as (value: unknown) => void,
        reject,
        requester: ticket.requester,
      });
      this.kick();
    });
  }

  /**
   * A capture holds the line while it runs: interactive requests wait until it is released. Returns the
   * release (calling it again does nothing).
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.kick();
    };
  }

  private next(): Waiting | undefined {
    const interactiveMayGo = this.holds === 0 && this.waiting.interactive.length > 0;
    if (this.waiting.scheduled.length > 0 && (!interactiveMayGo || this.lastQueue === 'interactive')) {
      return this.waiting.scheduled.shift();
    }
    return interactiveMayGo ? this.waiting.interactive.shift() : undefined;
  }

  private kick() {
    if (this.draining) {
      this.wake?.();
      return;
    }
    this.draining = true;
    void this.drain();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const wait = this.lastFinishedAt + this.intervalMs - this.now();
        // One extra millisecond: Date.now() truncates, and the gap must never come out short.
        if (wait > 0) await this.sleep(wait + 1);
        const entry = this.next();
        if (!entry) {
          if (this.waiting.scheduled.length === 0 && this.waiting.interactive.length === 0) return;
          // Only interactive requests wait, and a capture holds the line: wait for its next request or its end.
          await new Promise<void>((resolve) => {
            this.wake = resolve;
          });
          this.wake = null;
          continue;
        }
        this.current = entry;
        this.lastQueue = entry.queue;
        try {
          entry.resolve(await entry.task());
        } catch (error) {
          entry.reject(error);
        } finally {
          this.lastFinishedAt = this.now();
          this.current = null;
        }
      }
    } finally {
      this.draining = false;
    }
  }
}

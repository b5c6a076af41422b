import { MESSAGES } from '@rrc/contract';
import { RoyalRoadError } from './errors.ts';
import { localLine, type Seat, type SiteLine } from './site-line.ts';

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
  /** Its place in the site-wide count (several processes), if the site line keeps one. */
  seat?: Seat;
}

/**
 * The refusal an interactive request meets with these counts of what already waits: the queue is full
 * (`busy`), or its reader or address already has its share waiting or under way (`limited`); null: admitted.
 */
export function refusalFor(
  limits: QueueLimits,
  counts: { waiting: number; userShare: number; addressShare: number },
): RoyalRoadError | null {
  const { interactiveWaiting, perUser, perAddress } = limits;
  if (counts.waiting >= interactiveWaiting) return new RoyalRoadError('busy', MESSAGES.royalRoadBusy);
  if (counts.userShare >= perUser) {
    return new RoyalRoadError(
      'limited',
      `You already have ${perUser} requests waiting for Royal Road. Please wait until they are done.`,
    );
  }
  if (counts.addressShare >= perAddress) {
    return new RoyalRoadError(
      'limited',
      `${perAddress} requests from your address are already waiting for Royal Road. Please wait until they are done.`,
    );
  }
  return null;
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
 * On a site of several processes (PostgreSQL) the same rules hold across all of them through `site`: every
 * request also takes its turn in the site's line, a capture holds it for every process, and the caps are
 * counted in the database.
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
  /**
   * What the other processes of the site share with this one (PostgreSQL: one pace, a capture's hold and the
   * interactive caps across processes); with one process, nothing (`localLine`). Set once by the composition.
   */
  site: SiteLine = localLine;

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
    const mine = (match: (asker: Requester) => boolean) =>
      [...this.waiting.interactive, ...(this.current?.queue === 'interactive' ? [this.current] : [])].filter(
        (entry) => entry.requester && match(entry.requester),
      ).length;
    const userId = requester?.userId;
    const address = requester?.address;
    const refusal = refusalFor(this.limits, {
      waiting: this.waiting.interactive.length,
      userShare: userId != null ? mine((asker) => asker.userId === userId) : 0,
      addressShare: address ? mine((asker) => asker.address === address) : 0,
    });
    if (refusal) throw refusal;
  }

  /**
   * Runs `task` in its turn. An interactive request that cannot be admitted fails at once (see `admit`; on a
   * site of several processes, the site line counts the caps across all of them too).
   */
  run<T>(task: () => Promise<T>, ticket: Ticket): Promise<T> {
    if (ticket.queue === 'interactive') {
      try {
        this.admit(ticket.requester);
      } catch (error) {
        return Promise.reject(error);
      }
      if (this.site.admit)
        return this.runSeated(task, ticket, this.site.admit(ticket.requester, this.limits));
    }
    return new Promise<T>((resolve, reject) => {
      this.enter(task, ticket, resolve as (value: unknown) => void, reject);
    });
  }

  /**
   * An interactive request on a site of several processes: it waits in this process's queue at once (so the
   * process's own counts stay exact), while the site counts it; refused there, it leaves the queue and fails
   * at once (or, when its turn already came, before anything is sent).
   */
  private runSeated<T>(task: () => Promise<T>, ticket: Ticket, seating: Promise<Seat>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let seat: Seat | undefined;
      const entry = this.enter(
        async () => {
          seat = await seating;
          seat.started();
          return task();
        },
        ticket,
        resolve as (value: unknown) => void,
        reject,
        { started: () => {}, release: () => seat?.release() },
      );
      seating.then(
        (taken) => {
          seat = taken;
        },
        (refusal: unknown) => {
          const waiting = this.waiting.interactive.indexOf(entry);
          if (waiting < 0) return; // Its turn came: the task itself fails with the refusal.
          this.waiting.interactive.splice(waiting, 1);
          reject(refusal);
        },
      );
    });
  }

  private enter(
    task: () => Promise<unknown>,
    ticket: Ticket,
    resolve: (value: unknown) => void,
    reject: (error: unknown) => void,
    seat?: Seat,
  ): Waiting {
    const entry: Waiting = {
      queue: ticket.queue,
      task,
      resolve: (value) => {
        seat?.release();
        resolve(value);
      },
      reject: (error) => {
        seat?.release();
        reject(error);
      },
      requester: ticket.requester,
      seat,
    };
    this.waiting[ticket.queue].push(entry);
    this.kick();
    return entry;
  }

  /**
   * A capture holds the line while it runs: interactive requests wait until it is released. Returns the
   * release (calling it again does nothing).
   */
  hold(): () => void {
    this.holds++;
    const releaseSite = this.site.hold();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      releaseSite();
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
        entry.seat?.started();
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

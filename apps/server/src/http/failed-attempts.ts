import { MESSAGES } from '@rrc/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors.ts';
import { type LimiterStore, memoryLimiterStore } from '../lib/limiter-store.ts';

export interface AttemptLimiterOptions {
  /** Names the count (keys of different limiters never meet). */
  name: string;
  limit: number;
  windowMs: number;
  /** Which finished answers count against the limit (by status). */
  counts: (status: number) => boolean;
  /** Whose attempts these are: the client address unless told otherwise. */
  key?: (request: FastifyRequest) => string;
  /** What a refused client reads. */
  message?: string;
  /** Where attempts are counted: shared by every instance on PostgreSQL; this process's memory if not given. */
  limits?: LimiterStore;
  now?: () => number;
}

/**
 * Counts finished attempts whose answer `counts` per key (the client address by default) over a window of
 * `windowMs` that starts with the key's first attempt. A key that reached the limit is refused with 429 and
 * Retry-After until its window ends. Attempts under way count too, so parallel requests cannot slip past the
 * limit: each admitted request holds a place in the count from the start, which is kept when its answer
 * `counts` and given back when it does not, or when its connection closes before the answer was sent (a
 * request the client abandons half way is never counted). On PostgreSQL the count is the database's, so
 * every instance of the site refuses the same key.
 *
 * Use `check` as an onRequest (or preHandler) hook: it needs no onResponse hook, so any number of limiters
 * on one route each count the answer, whatever order they and the route's other hooks run in.
 */
export function attemptLimiter(options: AttemptLimiterOptions) {
  const keyOf = options.key ?? ((request: FastifyRequest) => request.ip);
  const attempts = (options.limits ?? memoryLimiterStore()).limit({
    name: options.name,
    limit: options.limit,
    windowMs: options.windowMs,
    now: options.now,
  });
  /** Admitted requests not yet settled, with the key they hold a place under. */
  const admitted = new WeakMap<FastifyRequest, string>();

  /**
   * Settles an admitted request once: its place is kept when it was answered with a status that `counts`
   * (never a refusal), and given back otherwise. Later calls for the same request do nothing.
   */
  function settle(request: FastifyRequest, answeredWith: number | undefined) {
    const key = admitted.get(request);
    if (key === undefined) return;
    admitted.delete(request);
    if (answeredWith !== undefined && answeredWith !== 429 && options.counts(answeredWith)) return;
    // After the answer: a count that cannot be given back (the database went away) only errs on the safe side.
    attempts.giveBack(key).catch(() => undefined);
  }

  return {
    /** Refuses a key that used up its attempts (counting those in progress); otherwise admits the request. */
    async check(request: FastifyRequest, reply: FastifyReply) {
      const key = keyOf(request);
      const taken = await attempts.take(key);
      if (!taken.ok) {
        throw tooManyRequests(
          options.message ?? MESSAGES.tooManyRequests,
          Math.max(1, Math.ceil(taken.retryAfterMs / 1000)),
        );
      }
      admitted.set(request, key);
      // The answer is settled when it has been sent ('finish'), not in an onResponse hook: the connection's
      // 'close' may come before a route's later onResponse hooks run. A connection closed before the answer
      // was sent gives its place back.
      reply.raw.once('finish', () => settle(request, reply.statusCode));
      reply.raw.once('close', () => settle(request, undefined));
      // A client that went away while its place was being taken will never answer.
      if ((reply.raw as { destroyed?: boolean }).destroyed) settle(request, undefined);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof attemptLimiter>;

/** Failed attempts (4xx answers other than the refusal) per client address: guessing passwords. */
export function failedAttemptLimiter(options: Omit<AttemptLimiterOptions, 'counts'>) {
  return attemptLimiter({ ...options, counts: (status) => status >= 400 && status < 500 });
}

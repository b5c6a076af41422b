import { MESSAGES } from '@rrc/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors.ts';

/** Keys tracked before the oldest are pruned, so that many addresses cannot grow the map without bound. */
const MAX_KEYS = 10_000;

export interface AttemptLimiterOptions {
  limit: number;
  windowMs: number;
  /** Which finished answers count against the limit (by status). */
  counts: (status: number) => boolean;
  /** Whose attempts these are: the client address unless told otherwise. */
  key?: (request: FastifyRequest) => string;
  /** What a refused client reads. */
  message?: string;
  now?: () => number;
}

/**
 * Counts finished attempts whose answer `counts` per key (the client address by default) over a sliding
 * window. A key that reached the limit is refused with 429 and Retry-After until its oldest attempt ages
 * out. Attempts under way count too, so parallel requests cannot slip past the limit; each is released
 * when its answer is sent or its connection closes, whichever comes first, so a request the client
 * abandons half way is released and never counted.
 *
 * Use `check` as an onRequest (or preHandler) hook and `record` as the onResponse hook of the route.
 */
export function attemptLimiter(options: AttemptLimiterOptions) {
  const now = options.now ?? Date.now;
  const keyOf = options.key ?? ((request: FastifyRequest) => request.ip);
  const attempts = new Map<string, number[]>();
  const inFlight = new Map<string, number>();
  /** Admitted requests not yet released, with the key they were counted under. */
  const admitted = new WeakMap<FastifyRequest, string>();

  function recent(key: string): number[] {
    const cutoff = now() - options.windowMs;
    const times = (attempts.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) attempts.delete(key);
    else attempts.set(key, times);
    return times;
  }

  function release(request: FastifyRequest): string | undefined {
    const key = admitted.get(request);
    if (key === undefined) return undefined;
    admitted.delete(request);
    const pending = (inFlight.get(key) ?? 1) - 1;
    if (pending > 0) inFlight.set(key, pending);
    else inFlight.delete(key);
    return key;
  }

  return {
    /** Refuses a key that used up its attempts (counting those in progress); otherwise admits the request. */
    async check(request: FastifyRequest, reply: FastifyReply) {
      const key = keyOf(request);
      const times = recent(key);
      const pending = inFlight.get(key) ?? 0;
      if (times.length + pending >= options.limit) {
        const oldest = times[0];
        const waitMs = oldest === undefined ? 1000 : oldest + options.windowMs - now();
        throw tooManyRequests(
          options.message ?? MESSAGES.tooManyRequests,
          Math.max(1, Math.ceil(waitMs / 1000)),
        );
      }
      inFlight.set(key, pending + 1);
      admitted.set(request, key);
      // A connection closed before the answer was sent never reaches onResponse: release it here.
      reply.raw.once('close', () => release(request));
    },
    /** Releases the request and counts its answer when `counts` says so (never the refusal itself). */
    async record(request: FastifyRequest, reply: FastifyReply) {
      const key = release(request);
      if (key === undefined || reply.statusCode === 429 || !options.counts(reply.statusCode)) return;
      if (attempts.size > MAX_KEYS) for (const stale of attempts.keys()) recent(stale);
      attempts.set(key, [...recent(key), now()]);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof attemptLimiter>;

/** Failed attempts (4xx answers other than the refusal) per client address: guessing passwords. */
export function failedAttemptLimiter(options: Omit<AttemptLimiterOptions, 'counts'>) {
  return attemptLimiter({ ...options, counts: (status) => status >= 400 && status < 500 });
}

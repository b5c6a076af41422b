import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors.ts';

/**
 * Counts failed attempts per client address over a sliding window. A client
 * that reached the limit is refused with 429 until its oldest failure ages out.
 * Successful requests are not counted.
 */
export function failedAttemptLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const cutoff = now() - options.windowMs;
    const times = (failures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  }

  function prune() {
    for (const key of failures.keys()) recent(key);
  }

  // Attempts under way count against the limit too, so parallel guesses cannot slip past it.
  const inFlight = new Map<string, number>();
  const admitted = new WeakSet<FastifyRequest>();

  return {
    /** onRequest hook: refuse a client that used up its failures (counting its attempts in progress). */
    async check(request: FastifyRequest) {
      const pending = inFlight.get(request.ip) ?? 0;
      if (recent(request.ip).length + pending >= options.limit) throw tooManyRequests();
      inFlight.set(request.ip, pending + 1);
      admitted.add(request);
    },
    /** onResponse hook: a 4xx answer (other than the refusal itself) is a failure. */
    async record(request: FastifyRequest, reply: FastifyReply) {
      if (admitted.has(request)) {
        const pending = (inFlight.get(request.ip) ?? 1) - 1;
        if (pending > 0) inFlight.set(request.ip, pending);
        else inFlight.delete(request.ip);
      }
      const status = reply.statusCode;
      if (status < 400 || status >= 500 || status === 429) return;
      if (failures.size > 10_000) prune();
      failures.set(request.ip, [...recent(request.ip), now()]);
    },
  };
}

import type { Limit, LimiterStore } from './limiter-store.ts';

type Counted = { current: number; ttl: number };

/**
 * A store for `@fastify/rate-limit` (the limits routes declare with `app.rateLimit`) that counts in a
 * LimiterStore: in the database on PostgreSQL, so every instance counts one allowance, in memory on SQLite.
 * The answers are the plugin's own: the count so far and the time left in the window (its Retry-After).
 *
 * Routes' key generators name their route (`refresh:…`, `payments:…`), so one count per window and maximum
 * serves every route that declares them.
 */
export function httpRateLimitStore(limits: LimiterStore) {
  const counts = new Map<string, Limit>();
  function limitFor(windowMs: number, max: number): Limit {
    const name = `http-${windowMs}-${max}`;
    let limit = counts.get(name);
    if (!limit) {
      limit = limits.limit({ name, limit: max, windowMs });
      counts.set(name, limit);
    }
    return limit;
  }

  return class LimiterStoreForRateLimit {
    incr(
      key: string,
      callback: (error: Error | null, counted?: Counted) => void,
      windowMs: number,
      max: number,
    ) {
      limitFor(windowMs, max)
        .hit(key)
        .then(
          (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    /** Routes share the store: their keys already differ. */
    child() {
      return this;
    }
  };
}

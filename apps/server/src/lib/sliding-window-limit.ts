/**
 * Counts events per key (a client address) over a sliding window: `take` admits one while the key has fewer
 * than `limit` in the last `windowMs`, else answers how long until one ages out. At most `maxKeys` keys are
 * held: past that, keys whose events all aged out are dropped, then the oldest keys.
 */
export class SlidingWindowLimit {
  private readonly events = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: { limit: number; windowMs: number; maxKeys?: number; now?: () => number }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.maxKeys = options.maxKeys ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Admits one event for `key` (`{ ok: true }`), or refuses it with the wait until one is admitted again. */
  take(key: string): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    const recent = this.recent(key, now);
    if (recent.length >= this.limit) {
      return { ok: false, retryAfterMs: (recent[0] as number) + this.windowMs - now };
    }
    if (!this.events.has(key) && this.events.size >= this.maxKeys) this.makeRoom(now);
    this.events.delete(key);
    this.events.set(key, [...recent, now]);
    return { ok: true };
  }

  /** Keys held (for tests of the bound). */
  get size(): number {
    return this.events.size;
  }

  private recent(key: string, now: number): number[] {
    const times = (this.events.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (times.length === 0) this.events.delete(key);
    return times;
  }

  private makeRoom(now: number) {
    for (const key of [...this.events.keys()]) this.recent(key, now);
    while (this.events.size >= this.maxKeys) {
      const oldest = this.events.keys().next().value;
      if (oldest === undefined) break;
      this.events.delete(oldest);
    }
  }
}

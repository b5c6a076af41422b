/**
 * A small in-process cache: values expire after `ttlMs`; concurrent misses share one load. It holds at most
 * `maxEntries` values and at most `maxWeight` in total by `weigh` (say, rows), dropping the oldest first, so
 * requests for many different keys cannot make it grow without bound. A value heavier than `maxWeight`
 * alone is returned without being kept.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number; weight: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly weigh: (value: T) => number;
  private readonly now: () => number;
  private weight = 0;

  constructor(options: {
    ttlMs: number;
    maxEntries?: number;
    maxWeight?: number;
    weigh?: (value: T) => number;
    now?: () => number;
  }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
    this.weigh = options.weigh ?? (() => 1);
    this.now = options.now ?? Date.now;
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        this.store(key, value);
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  /** Total weight of the values held. */
  get heldWeight(): number {
    return this.weight;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  private store(key: string, value: T) {
    this.remove(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.weight + weight > this.maxWeight)
    ) {
      this.remove(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, expires: this.now() + this.ttlMs, weight });
    this.weight += weight;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}

/**
 * A small in-process cache: values expire after `ttlMs`; concurrent misses share one load. It holds at most
 * `maxEntries` values and at most `maxWeight` in total by `weigh` (say, rows), dropping the oldest first, so
 * requests for many different keys cannot make it grow without bound. A value heavier than `maxWeight`
 * alone is returned without being kept.
 *
 * Forgetting (`clear`, `delete`, `deleteWhere`) also disowns the loads under way: what they bring was read
 * before the change that made us forget, so it is returned to its callers but not kept, and a request
 * after the change starts a load of its own. While `usable()` answers false (say, changes made elsewhere may
 * be going by unheard), nothing is read from or kept in the cache: every call loads.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number; weight: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly weigh: (value: T) => number;
  private readonly now: () => number;
  private readonly usable: () => boolean;
  private readonly keep: (value: T) => boolean;
  private weight = 0;
  /** Raised by every forgetting: a load started under an older generation is not kept. */
  private generation = 0;

  constructor(options: {
    ttlMs: number;
    maxEntries?: number;
    maxWeight?: number;
    weigh?: (value: T) => number;
    now?: () => number;
    usable?: () => boolean;
    /** Whether a loaded value is kept (all are, unless this says otherwise). */
    keep?: (value: T) => boolean;
  }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
    this.weigh = options.weigh ?? (() => 1);
    this.now = options.now ?? Date.now;
    this.usable = options.usable ?? (() => true);
    this.keep = options.keep ?? (() => true);
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.usable()) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        if (generation === this.generation && this.usable() && this.keep(value)) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /** Total weight of the values held. */
  get heldWeight(): number {
    return this.weight;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
    this.weight = 0;
  }

  /** Forgets the value of `key`, and disowns every load under way. */
  delete(key: string): void {
    this.deleteWhere((held) => held === key);
  }

  /** Forgets the values whose key passes `test`, and disowns every load under way. */
  deleteWhere(test: (key: string) => boolean): void {
    this.generation += 1;
    this.loading.clear();
    for (const key of [...this.entries.keys()]) if (test(key)) this.remove(key);
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

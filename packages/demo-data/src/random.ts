/**
 * The one seeded random number generator of the demo data and the fake Royal Road, and the distributions
 * they are drawn from. Everything here is deterministic: the same seed gives the same numbers on every
 * machine (only integer arithmetic and IEEE doubles, no Math.random). Not for anything secret.
 */

/** mulberry32: a 32-bit state PRNG, small and fast, plenty for demo data. Returns numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** murmur3's finalizer: spreads the bits of a 32-bit number. */
function mix(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * One 32-bit seed from several parts (numbers or labels), so that every stream of the demo data
 * (fiction 17's text, capture 3's jitter, ...) is independent of how many numbers the others drew.
 */
export function seedOf(...parts: Array<number | string>): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    if (typeof part === 'number') {
      h = mix(h ^ mix(part >>> 0) ^ mix(Math.floor(part / 4_294_967_296)));
    } else {
      for (let i = 0; i < part.length; i++) h = mix(h ^ part.charCodeAt(i));
      h = mix(h ^ part.length);
    }
  }
  return h;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  uniform(min: number, max: number): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Normal (Gaussian), by Box–Muller. */
  normal(mean?: number, sd?: number): number;
  /** exp(normal(mu, sigma)): median e^mu. */
  logNormal(mu: number, sigma: number): number;
  /** Gamma(shape, 1), by Marsaglia–Tsang. */
  gamma(shape: number): number;
  /** Beta(a, b) in [0, 1]. */
  beta(a: number, b: number): number;
  /** One item, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** Shuffles in place (Fisher–Yates) and returns the array. */
  shuffle<T>(items: T[]): T[];
  /** `count` distinct items in a random order (the first `count` of a shuffled copy). */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const normal = (mean = 0, sd = 1) => {
    // 1 - next() is in (0, 1]: the logarithm is finite.
    const u = 1 - next();
    const v = next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const gamma = (shape: number): number => {
    if (shape < 1) return gamma(shape + 1) * (1 - next()) ** (1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = 1 - next();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const item = items[i] as T;
      items[i] = items[j] as T;
      items[j] = item;
    }
    return items;
  };
  return {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    normal,
    logNormal: (mu, sigma) => Math.exp(normal(mu, sigma)),
    gamma,
    beta(a, b) {
      const x = gamma(a);
      return x / (x + gamma(b));
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    shuffle,
    sample: <T>(items: readonly T[], count: number): T[] => shuffle([...items]).slice(0, count),
  };
}

/** FNV-1a: a stable 32-bit hash of a text, for ids and numbers that must not change from run to run. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Draws indexes with probability proportional to their weight (binary search over the running total). */
export interface WeightedTable {
  readonly size: number;
  pick(random: Random): number;
}

export function weightedTable(weights: ArrayLike<number>): WeightedTable {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    const weight = weights[i] ?? 0;
    if (!(weight >= 0) || !Number.isFinite(weight)) throw new Error(`bad weight at ${i}: ${weight}`);
    total += weight;
    cumulative[i] = total;
  }
  if (total <= 0) throw new Error('weights must not all be zero');
  return {
    size: weights.length,
    pick(random) {
      const target = random.next() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cumulative[middle] as number) > target) high = middle;
        else low = middle + 1;
      }
      return low;
    },
  };
}

/**
 * `count` different indexes, each drawn with probability proportional to its weight among those
 * not drawn yet (approximately: repeated draws are rejected), in the order drawn.
 */
export function weightedSample(table: WeightedTable, count: number, random: Random): number[] {
  const wanted = Math.min(count, table.size);
  const chosen = new Set<number>();
  const order: number[] = [];
  let attempts = 0;
  while (order.length < wanted && attempts < wanted * 50) {
    attempts++;
    const index = table.pick(random);
    if (chosen.has(index)) continue;
    chosen.add(index);
    order.push(index);
  }
  // Very skewed weights can starve the rejection loop: top up in index order.
  for (let index = 0; order.length < wanted; index++) {
    if (!chosen.has(index)) {
      chosen.add(index);
      order.push(index);
    }
  }
  return order;
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

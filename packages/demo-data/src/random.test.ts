import { describe, expect, it } from 'vitest';
import { snapshotSeries } from './fiction-history.ts';
import { DAY_MS, drawScores, establishedProfile, riserFollowers, riserProfile } from './fictions-model.ts';
import { buildPlan, SCALES } from './plan.ts';
import { createRandom, mulberry32, seedOf, weightedSample, weightedTable } from './random.ts';
import { LIST_SLUGS, listsOf } from './rising-stars-model.ts';

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const draws = (count: number, draw: () => number) => Array.from({ length: count }, draw);

describe('the PRNG', () => {
  it('gives the same numbers for the same seed, on every machine', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = draws(5, a);
    expect(draws(5, b)).toEqual(first);
    // mulberry32's reference outputs for seed 42.
    expect(first.map((value) => Math.round(value * 4_294_967_296))).toEqual([
      2_581_720_956, 1_925_393_290, 3_661_312_704, 2_876_485_805, 750_819_978,
    ]);
    expect(draws(5, mulberry32(43))).not.toEqual(first);
  });

  it('stays in [0, 1)', () => {
    const values = draws(100_000, mulberry32(7));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(mean(values)).toBeCloseTo(0.5, 2);
  });

  it('derives independent, stable seeds from labels and numbers', () => {
    expect(seedOf('fiction', 1)).toBe(seedOf('fiction', 1));
    const seeds = new Set([
      seedOf('fiction', 1),
      seedOf('fiction', 2),
      seedOf('riser', 1),
      seedOf(1, 'fiction'),
      seedOf('fiction', 2 ** 32 + 1),
    ]);
    expect(seeds.size).toBe(5);
  });
});

describe('the distributions', () => {
  const random = createRandom(seedOf('distributions'));

  it('draws uniform numbers and whole numbers within their bounds', () => {
    const ints = draws(20_000, () => random.int(3, 7));
    expect(Math.min(...ints)).toBe(3);
    expect(Math.max(...ints)).toBe(7);
    expect(mean(ints)).toBeCloseTo(5, 1);
    const uniform = draws(20_000, () => random.uniform(-2, 2));
    expect(Math.min(...uniform)).toBeGreaterThanOrEqual(-2);
    expect(Math.max(...uniform)).toBeLessThan(2);
  });

  it('draws normal, log-normal, gamma and beta variates with the right moments', () => {
    const normal = draws(40_000, () => random.normal(10, 2));
    expect(mean(normal)).toBeCloseTo(10, 1);
    const sd = Math.sqrt(mean(normal.map((value) => (value - 10) ** 2)));
    expect(sd).toBeCloseTo(2, 1);
    expect(median(draws(40_000, () => random.logNormal(Math.log(50), 1)))).toBeGreaterThan(47);
    expect(median(draws(40_000, () => random.logNormal(Math.log(50), 1)))).toBeLessThan(53);
    expect(mean(draws(40_000, () => random.gamma(2.5)))).toBeCloseTo(2.5, 1);
    expect(mean(draws(40_000, () => random.gamma(0.5)))).toBeCloseTo(0.5, 1);
    const beta = draws(40_000, () => random.beta(2, 6));
    expect(mean(beta)).toBeCloseTo(0.25, 2);
    expect(Math.min(...beta)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...beta)).toBeLessThanOrEqual(1);
  });

  it('picks by weight, never a zero weight, and samples without repeats', () => {
    const table = weightedTable([1, 0, 3, 6]);
    const counts = [0, 0, 0, 0];
    for (let k = 0; k < 50_000; k++) {
      const index = table.pick(random);
      counts[index] = (counts[index] as number) + 1;
    }
    expect(counts[1]).toBe(0);
    expect((counts[3] as number) / (counts[0] as number)).toBeGreaterThan(5);
    expect((counts[3] as number) / (counts[0] as number)).toBeLessThan(7);
    const sample = weightedSample(weightedTable(Array.from({ length: 100 }, (_, i) => i + 1)), 60, random);
    expect(new Set(sample).size).toBe(60);
    expect(weightedSample(table, 10, random)).toHaveLength(4);
    expect(() => weightedTable([0, 0])).toThrow();
  });

  it('draws scores between 3.5 and 5, skewed high', () => {
    const scores = draws(5_000, () => drawScores(random, false).overall);
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(3.5);
    expect(Math.max(...scores)).toBeLessThanOrEqual(5);
    expect(median(scores)).toBeGreaterThan(4.5);
  });
});

describe('the fiction model', () => {
  const end = Date.parse('2026-11-21T00:00:00Z');
  const daily = (days: number, from = end - days * DAY_MS) =>
    Array.from({ length: days }, (_, k) => from + k * DAY_MS + 3 * 3_600_000);

  it('draws followers log-normally, about one fiction in five without any', () => {
    const followers = Array.from(
      { length: 5_000 },
      (_, n) => establishedProfile(1, n, end).established?.end.followers ?? 0,
    );
    const none = followers.filter((value) => value === 0).length / followers.length;
    expect(none).toBeGreaterThan(0.12);
    expect(none).toBeLessThan(0.28);
    expect(median(followers)).toBeGreaterThan(4);
    expect(median(followers)).toBeLessThan(20);
    expect(Math.max(...followers)).toBeGreaterThan(5_000);
  });

  it('grows every counter monotonically and ends at the current statistics', () => {
    for (let n = 0; n < 200; n++) {
      const profile = n % 2 ? establishedProfile(3, n, end) : riserProfile(3, n, end, 150);
      const times = daily(120).filter((t) => !profile.riser || t > profile.riser.bornAt);
      const series = snapshotSeries(profile, times, seedOf('series', n), end - 120 * DAY_MS);
      expect(series).toHaveLength(times.length);
      const decreases: string[] = [];
      for (let k = 1; k < series.length; k++) {
        for (const column of [
          'followers',
          'total_views',
          'pages',
          'chapter_count',
          'favorites',
          'ratings',
        ] as const) {
          if ((series[k]?.[column] as number) < (series[k - 1]?.[column] as number))
            decreases.push(`${n} ${column} ${k}`);
        }
      }
      expect(decreases).toEqual([]);
      if (profile.established && series.length) {
        expect(series.at(-1)).toEqual(profile.established.end);
      }
      if (profile.riser && series.length) {
        expect(series.at(-1)?.followers).toBe(
          Math.floor(riserFollowers(profile.riser, times.at(-1) as number)),
        );
      }
    }
  });

  it('is deterministic', () => {
    const profile = establishedProfile(9, 4, end);
    expect(establishedProfile(9, 4, end)).toEqual(profile);
    expect(snapshotSeries(profile, daily(30), 5, end - 30 * DAY_MS)).toEqual(
      snapshotSeries(profile, daily(30), 5, end - 30 * DAY_MS),
    );
  });
});

describe('the Rising Stars model', () => {
  const end = Date.parse('2026-11-21T00:00:00Z');
  const plan = buildPlan(SCALES.small, end, 11);
  const size = plan.scale.listSize;
  const list = (capture: Int32Array, slug: string) => {
    const index = LIST_SLUGS.indexOf(slug);
    return Array.from(capture.subarray(index * size, (index + 1) * size));
  };

  it('fills every list of every capture with distinct fictions', () => {
    expect(plan.captures).toHaveLength(7 * 4);
    for (const capture of plan.captures) {
      for (const slug of LIST_SLUGS) {
        const fictions = list(capture, slug);
        expect(new Set(fictions).size).toBe(size);
        expect(Math.min(...fictions)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('ranks one order: a main-list fiction is on each of its lists, no lower than on the main list', () => {
    for (const capture of plan.captures) {
      list(capture, 'main').forEach((fiction, place) => {
        const lists = listsOf(plan.profiles[fiction]?.tags ?? []);
        expect(lists.length).toBeGreaterThan(1);
        for (const other of lists) {
          const position = list(capture, LIST_SLUGS[other] as string).indexOf(fiction);
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThanOrEqual(place);
        }
      });
    }
  });

  it('moves fictions a few places between captures, with some entering and leaving', () => {
    const moves: number[] = [];
    let entered = 0;
    for (let c = 1; c < plan.captures.length; c++) {
      const before = list(plan.captures[c - 1] as Int32Array, 'main');
      list(plan.captures[c] as Int32Array, 'main').forEach((fiction, place) => {
        const previous = before.indexOf(fiction);
        if (previous < 0) entered++;
        else moves.push(Math.abs(place - previous));
      });
    }
    expect(median(moves)).toBeLessThanOrEqual(1);
    expect(moves.filter((move) => move <= 3).length / moves.length).toBeGreaterThan(0.9);
    expect(entered).toBeGreaterThan(0);
  });
});

describe('Rising Stars over years', () => {
  // The years scale's shape at a size a test can build: captures over a window far longer than the 150
  // days a riser is eligible, so no riser is eligible all along and lists are covered segment by segment.
  const scale = {
    ...SCALES.years,
    name: 'long',
    fictions: 3_000,
    historyFictions: 100,
    trackedEstablished: 100,
    risers: 2_500,
    risingStarsDays: 400,
    capturesPerDay: 1,
    readers: 10,
  };

  it('fills every list of every capture, with fictions coming and going over the years', () => {
    const plan = buildPlan(scale, Date.parse('2026-11-21T00:00:00Z'), 11);
    expect(plan.captures).toHaveLength(400);
    const mainOf = (capture: Int32Array) => new Set(capture.subarray(0, scale.listSize));
    const first = mainOf(plan.captures[0] as Int32Array);
    const last = mainOf(plan.captures.at(-1) as Int32Array);
    // simulateRisingStars throws when a list is short, so every list is full; the main list renews itself.
    expect([...last].filter((fiction) => first.has(fiction))).toHaveLength(0);
  }, 30_000);
});

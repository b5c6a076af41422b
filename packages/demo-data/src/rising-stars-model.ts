/**
 * Rising Stars as Royal Road builds it (and as the Position Calculator assumes): at each capture one
 * ranking of the eligible new fictions; the main list is its top 50, every genre or tag list the top 50
 * of the fictions carrying that genre or tag, in the same order. So a main-list fiction is on the lists
 * of its genres too, and positions move a few places between captures as momentum changes.
 *
 * The ranking key is a riser's momentum (new followers a day, see fictions-model.ts) with a smooth
 * wobble (two slow sinusoids) and a little noise per capture. Eligible: launched at least a day before
 * and at most `eligibleDays` before the capture.
 */
import { GENRES } from '@rrc/contract';
import { DAY_MS, type FictionProfile, type RiserParams, riserLogMomentum } from './fictions-model.ts';
import { createRandom, type Random, seedOf } from './random.ts';

export const LIST_SLUGS: readonly string[] = GENRES.map((genre) => genre.slug);
const LIST_BY_LABEL = new Map(
  GENRES.filter((genre) => genre.kind !== 'main').map((genre, i) => [genre.label, i + 1]),
);
const GENRE_LABELS = GENRES.filter((genre) => genre.kind === 'genre').map((genre) => genre.label);

/** Indexes into LIST_SLUGS of the lists a fiction with these tags can be on (main = 0 always). */
export function listsOf(tags: readonly string[]): number[] {
  const lists = [0];
  for (const tag of tags) {
    const list = LIST_BY_LABEL.get(tag);
    if (list !== undefined) lists.push(list);
  }
  return lists;
}

const MIN_AGE_MS = DAY_MS;

/**
 * Makes every list fillable at every capture: each riser gets at least one genre, and each genre or tag
 * is carried by at least `minimum` risers that are eligible during the whole of each segment of the
 * capture window (tags are added to the risers with the fewest). The window is cut into segments of
 * `segmentDays` (one segment when it is no longer): a riser is eligible for `eligibleDays` only, so over
 * years of captures none is eligible all along. Changes the profiles' tags in place.
 */
export function ensureCoverage(
  risers: FictionProfile[],
  options: {
    windowStart: number;
    end: number;
    eligibleDays: number;
    segmentDays?: number;
    minimum: number;
    random: Random;
  },
): void {
  for (const profile of risers) {
    if (!profile.tags.some((tag) => GENRE_LABELS.includes(tag))) {
      profile.tags.push(options.random.chance(0.7) ? 'Fantasy' : options.random.pick(GENRE_LABELS));
    }
  }
  const segment = (options.segmentDays ?? Number.POSITIVE_INFINITY) * DAY_MS;
  for (let from = options.windowStart; from < options.end; from += segment) {
    coverSegment(risers, { ...options, windowStart: from, end: Math.min(options.end, from + segment) });
  }
}

/** ensureCoverage for one segment of the window: from `windowStart` to `end`. */
function coverSegment(
  risers: FictionProfile[],
  options: { windowStart: number; end: number; eligibleDays: number; minimum: number; random: Random },
): void {
  const always = risers.filter((profile) => {
    const bornAt = (profile.riser as RiserParams).bornAt;
    return (
      bornAt <= options.windowStart - MIN_AGE_MS && bornAt >= options.end - options.eligibleDays * DAY_MS
    );
  });
  if (always.length < options.minimum) {
    throw new Error(`Only ${always.length} risers are eligible all along: the scale is too small.`);
  }
  for (const [label] of LIST_BY_LABEL) {
    const carrying = always.filter((profile) => profile.tags.includes(label)).length;
    if (carrying >= options.minimum) continue;
    const candidates = options.random
      .shuffle(always.filter((profile) => !profile.tags.includes(label)))
      .sort((a, b) => a.tags.length - b.tags.length);
    for (const profile of candidates.slice(0, options.minimum - carrying)) profile.tags.push(label);
  }
}

/** Capture times: `perDay` a day at 00:04, 06:04, ... UTC plus up to two minutes, over `days` days before `end`. */
export function captureTimes(end: number, days: number, perDay: number, seed: number): number[] {
  const random = createRandom(seedOf(seed, 'capture-times'));
  const times: number[] = [];
  for (let day = days; day >= 1; day--) {
    const dayStart = end - day * DAY_MS;
    for (let slot = 0; slot < perDay; slot++) {
      times.push(dayStart + slot * (DAY_MS / perDay) + 4 * 60_000 + random.int(0, 119) * 1000);
    }
  }
  return times;
}

export interface RankedRiser {
  fiction: number;
  riser: RiserParams;
  lists: number[];
}

/**
 * The lists of each capture: `lists[c][list * listSize + position - 1]` is a fiction index. Throws when
 * a list cannot be filled (see ensureCoverage).
 */
export function simulateRisingStars(input: {
  risers: RankedRiser[];
  times: readonly number[];
  listSize: number;
  eligibleDays: number;
  seed: number;
}): Int32Array[] {
  const { risers, times, listSize } = input;
  const listCount = LIST_SLUGS.length;
  const maxAge = input.eligibleDays * DAY_MS;
  const keys = new Float64Array(risers.length);
  const order: number[] = [];
  return times.map((t, c) => {
    const random = createRandom(seedOf(input.seed, 'capture', c));
    order.length = 0;
    for (let r = 0; r < risers.length; r++) {
      const { riser } = risers[r] as RankedRiser;
      const age = t - riser.bornAt;
      if (age < MIN_AGE_MS || age > maxAge) continue;
      // Relative to the launch: another end date shifts every time and changes nothing else.
      const days = age / DAY_MS;
      const [a1, p1, f1, a2, p2, f2] = riser.wobble;
      keys[r] =
        riserLogMomentum(riser, t) +
        a1 * Math.sin((2 * Math.PI * days) / p1 + f1) +
        a2 * Math.sin((2 * Math.PI * days) / p2 + f2) +
        random.normal(0, 0.004);
      order.push(r);
    }
    order.sort((a, b) => (keys[b] as number) - (keys[a] as number) || a - b);
    const lists = new Int32Array(listCount * listSize).fill(-1);
    const filled = new Int32Array(listCount);
    let full = 0;
    for (const r of order) {
      const { fiction, lists: memberships } = risers[r] as RankedRiser;
      for (const list of memberships) {
        const count = filled[list] as number;
        if (count >= listSize) continue;
        lists[list * listSize + count] = fiction;
        filled[list] = count + 1;
        if (count + 1 === listSize) full++;
      }
      if (full === listCount) break;
    }
    if (full !== listCount) {
      const short = LIST_SLUGS.filter((_, list) => (filled[list] as number) < listSize);
      throw new Error(`Rising Stars capture ${c}: lists not full: ${short.join(', ')}`);
    }
    return lists;
  });
}

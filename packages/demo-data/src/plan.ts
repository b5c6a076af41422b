import {
  DAY_MS,
  establishedProfile,
  type FictionProfile,
  type RiserParams,
  riserProfile,
} from './fictions-model.ts';
import { createRandom, seedOf } from './random.ts';
import { captureTimes, ensureCoverage, listsOf, simulateRisingStars } from './rising-stars-model.ts';

/** The seed of the demo data set: the same seed, scale and end date give the same data. */
export const DEMO_SEED = 20_261_121;
/** Demo fiction i has royalroad_id DEMO_ROYALROAD_BASE + i (real Royal Road ids are far below). */
export const DEMO_ROYALROAD_BASE = 1_000_000;
/** The demo owns royalroad ids DEMO_ROYALROAD_BASE … DEMO_ROYALROAD_BASE + DEMO_ID_RANGE − 1. */
export const DEMO_ID_RANGE = 100_000;

/**
 * Lists are made fillable segment by segment of the capture window: a riser is eligible for `eligibleDays`
 * only, so over a long window no riser is eligible all along (see ensureCoverage).
 */
const COVERAGE_SEGMENT_DAYS = 90;

export interface DemoScale {
  name: string;
  /** Fictions in all; royalroad_id = 1_000_000 + index. */
  fictions: number;
  /** Fictions 0 … historyFictions − 1 have a daily snapshot (from their launch when younger). */
  historyFictions: number;
  historyDays: number;
  /** The most followed established fictions, first in the index order (the rest of the history set are risers). */
  trackedEstablished: number;
  /** New fictions that can reach Rising Stars. */
  risers: number;
  /** How long after its launch a fiction can be on Rising Stars. */
  eligibleDays: number;
  risingStarsDays: number;
  capturesPerDay: number;
  listSize: number;
  /** Readers besides the admin and the heavy reader. */
  readers: number;
  /** Most list entries an ordinary reader has. */
  maxEntries: number;
  /** Entries of the heavy reader, all favorites. */
  heavyEntries: number;
}

export const SCALES = {
  small: {
    name: 'small',
    fictions: 500,
    historyFictions: 100,
    historyDays: 60,
    trackedEstablished: 30,
    risers: 300,
    eligibleDays: 150,
    risingStarsDays: 7,
    capturesPerDay: 4,
    listSize: 50,
    readers: 50,
    maxEntries: 100,
    heavyEntries: 500,
  },
  large: {
    name: 'large',
    fictions: 50_000,
    historyFictions: 5_000,
    historyDays: 365,
    trackedEstablished: 3_100,
    risers: 1_900,
    eligibleDays: 150,
    risingStarsDays: 90,
    capturesPerDay: 4,
    listSize: 50,
    readers: 10_000,
    maxEntries: 500,
    heavyEntries: 500,
  },
  // Growth: the large catalog and readers after three years of captures and daily snapshots. Three years of
  // Rising Stars need more new fictions to fill the lists: about as many are eligible at any capture as on
  // the large scale (10,000 launched over 1,245 days, against 1,900 over 240).
  years: {
    name: 'years',
    fictions: 50_000,
    historyFictions: 5_000,
    historyDays: 3 * 365,
    trackedEstablished: 3_100,
    risers: 10_000,
    eligibleDays: 150,
    risingStarsDays: 3 * 365,
    capturesPerDay: 4,
    listSize: 50,
    readers: 10_000,
    maxEntries: 500,
    heavyEntries: 500,
  },
} satisfies Record<string, DemoScale>;

export type ScaleName = keyof typeof SCALES;

export interface DemoPlan {
  scale: DemoScale;
  seed: number;
  /** The end date (a UTC midnight): every timestamp is before it. */
  end: number;
  /** Profiles by fiction index. */
  profiles: FictionProfile[];
  captureTimes: number[];
  /** Per capture, fiction indexes by list and position (see simulateRisingStars). */
  captures: Int32Array[];
}

/** Everything about the demo catalog that is decided before writing: the same for the same inputs. */
export function buildPlan(scale: DemoScale, end: number, seed: number): DemoPlan {
  const spanDays = scale.eligibleDays + scale.risingStarsDays;
  const risers = Array.from({ length: scale.risers }, (_, n) => riserProfile(seed, n, end, spanDays));
  const established = Array.from({ length: scale.fictions - scale.risers }, (_, n) =>
    establishedProfile(seed, n, end),
  );
  const windowStart = end - scale.risingStarsDays * DAY_MS;
  ensureCoverage(risers, {
    windowStart,
    end,
    eligibleDays: scale.eligibleDays,
    segmentDays: COVERAGE_SEGMENT_DAYS,
    minimum: scale.listSize + 6,
    random: createRandom(seedOf(seed, 'coverage')),
  });

  // Index order: the most followed established fictions (tracked: in many readers' lists), then the
  // risers, strongest first, then the rest of the catalog in no particular order.
  const followersOf = (profile: FictionProfile) => profile.established?.end.followers ?? 0;
  const byFollowers = established
    .map((profile, n) => ({ profile, n }))
    .sort((a, b) => followersOf(b.profile) - followersOf(a.profile) || a.n - b.n);
  const tracked = byFollowers.slice(0, scale.trackedEstablished);
  const trackedSet = new Set(tracked.map((item) => item.n));
  const strength = (profile: FictionProfile) => {
    const riser = profile.riser as RiserParams;
    return riser.scale / riser.tau;
  };
  const risersByStrength = risers
    .map((profile, n) => ({ profile, n }))
    .sort((a, b) => strength(b.profile) - strength(a.profile) || a.n - b.n);
  const profiles = [
    ...tracked.map((item) => item.profile),
    ...risersByStrength.map((item) => item.profile),
    ...established.filter((_, n) => !trackedSet.has(n)),
  ];

  // Fiction 1000000, the benchmarks' example, is the most followed fiction: keep it ongoing and updating.
  const first = profiles[0]?.established;
  if (first && profiles[0]) {
    profiles[0].status = 'ONGOING';
    first.lastChapterAt = end - 0.6 * DAY_MS;
    first.chaptersPerDay = 0.8;
    first.yearlyGrowth = Math.max(first.yearlyGrowth, 0.3);
  }

  const times = captureTimes(end, scale.risingStarsDays, scale.capturesPerDay, seed);
  const captures = simulateRisingStars({
    risers: risersByStrength.map((item, r) => ({
      fiction: scale.trackedEstablished + r,
      riser: item.profile.riser as RiserParams,
      lists: listsOf(item.profile.tags),
    })),
    times,
    listSize: scale.listSize,
    eligibleDays: scale.eligibleDays,
    seed,
  });
  return { scale, seed, end, profiles, captureTimes: times, captures };
}

import { MIN_PEERS, type Peers, type RisingStarsEntrants } from '@rrc/contract';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Peers are within this share of the fiction's pages (and age). */
const TOLERANCE = 0.2;

export interface PeerFiction {
  pages: number | null;
  followers: number | null;
  total_views: number | null;
  favorites: number | null;
  ratings: number | null;
  first_chapter_at: string | null;
  /** When its newest snapshot was taken: its age is measured then (null: at the clock given). */
  last_scraped_at?: string | null;
}

type Metric = keyof Peers['percentiles'];

const METRICS: Record<Metric, (fiction: PeerFiction) => number | null> = {
  followers: (fiction) => fiction.followers,
  views_per_follower: (fiction) => perFollower(fiction.total_views, fiction),
  favorites_per_follower: (fiction) => perFollower(fiction.favorites, fiction),
  ratings_per_follower: (fiction) => perFollower(fiction.ratings, fiction),
};

function perFollower(value: number | null, fiction: PeerFiction): number | null {
  return value === null || !fiction.followers ? null : value / fiction.followers;
}

/**
 * Where `value` stands among `others`, 0–100: the share below it, with ties counted half. Null when fewer
 * than MIN_PEERS others have the figure.
 */
export function percentile(value: number | null, others: readonly (number | null)[]): number | null {
  if (value === null) return null;
  const known = others.filter((other): other is number => other !== null);
  if (known.length < MIN_PEERS) return null;
  let below = 0;
  let equal = 0;
  for (const other of known) {
    if (other < value) below += 1;
    else if (other === value) equal += 1;
  }
  return Math.round(((below + equal / 2) / known.length) * 100);
}

/** The range of pages (or days) within the tolerance around a value. */
export function cohortBounds(value: number): { min: number; max: number } {
  return { min: Math.ceil(value * (1 - TOLERANCE)), max: Math.floor(value * (1 + TOLERANCE)) };
}

/**
 * Days from a fiction's first chapter to its newest snapshot: the age its figures were counted at (a fiction
 * last read in July is as old as it was in July, whatever today is). Without a snapshot, to `now`.
 */
export function ageDays(fiction: Pick<PeerFiction, 'first_chapter_at' | 'last_scraped_at'>, now: Date) {
  if (fiction.first_chapter_at === null) return null;
  const measured = fiction.last_scraped_at ? Date.parse(fiction.last_scraped_at) : Number.NaN;
  const at = Number.isNaN(measured) ? now.getTime() : measured;
  return (at - Date.parse(fiction.first_chapter_at)) / DAY_MS;
}

/**
 * Percentiles of a fiction among `lengthPeers` (other fictions with pages within ±20 %, the fiction itself
 * left out) and, when its first chapter's date is known, among those of them as old within ±20 % (each age
 * measured at that fiction's own newest snapshot).
 */
export function peerPercentiles(fiction: PeerFiction, lengthPeers: readonly PeerFiction[], now: Date): Peers {
  const age = ageDays(fiction, now);
  const ageRange = age !== null && age >= 1 ? cohortBounds(age) : null;
  const agePeers = ageRange
    ? lengthPeers.filter((peer) => {
        const days = ageDays(peer, now);
        return days !== null && days >= ageRange.min && days <= ageRange.max;
      })
    : null;
  const lengthRange = fiction.pages ? cohortBounds(fiction.pages) : null;
  const pair = (metric: Metric) => {
    const of = METRICS[metric];
    const mine = of(fiction);
    return {
      length: lengthRange ? percentile(mine, lengthPeers.map(of)) : null,
      age: agePeers ? percentile(mine, agePeers.map(of)) : null,
    };
  };
  return {
    length_cohort: lengthRange ? { size: lengthPeers.length, ...lengthRange } : null,
    age_cohort: lengthRange && ageRange && agePeers ? { size: agePeers.length, ...ageRange } : null,
    percentiles: {
      followers: pair('followers'),
      views_per_follower: pair('views_per_follower'),
      favorites_per_follower: pair('favorites_per_follower'),
      ratings_per_follower: pair('ratings_per_follower'),
    },
  };
}

/** A value of a sorted list at a share of its length, interpolated between neighbours. */
function quantile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * share;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return Math.round((low + (high - low) * (position - lower)) * 10) / 10;
}

export interface Entrant {
  followers: number | null;
  /** Days from the first chapter to the capture the fiction first appeared on the main list. */
  age_days: number | null;
}

/** The median and middle half of followers and age of fictions when they entered the main list. */
export function entrantsSummary(entrants: readonly Entrant[]): RisingStarsEntrants {
  const spread = (values: Array<number | null>) => {
    const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
    return {
      median: quantile(sorted, 0.5),
      low: quantile(sorted, 0.25),
      high: quantile(sorted, 0.75),
      known: sorted.length,
    };
  };
  return {
    fictions: entrants.length,
    followers: spread(entrants.map((entrant) => entrant.followers)),
    age_days: spread(entrants.map((entrant) => entrant.age_days)),
  };
}

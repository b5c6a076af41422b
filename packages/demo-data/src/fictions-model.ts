/**
 * The demo catalog: who the fictions are and how their statistics evolve.
 *
 * Two kinds of fiction:
 * - established: the bulk of the catalog. Final statistics are drawn from fits to the real July 2026 sample
 *   (followers log-normal; views, favorites, ratings and chapters as power laws of followers, with the
 *   sample's residual spread); over the history window they grow by a yearly factor along a noisy curve.
 * - risers: new fictions that take off and may reach Rising Stars. Followers follow
 *   F(t) = F∞ · (G(x) + κ·x), x = age / τ, G(x) = 1 − (1 + x)·e^(−x): a hump of new followers a few weeks
 *   after launch (F' ∝ x·e^(−x)), then slow steady growth. Rising Stars ranks them by that momentum
 *   (see rising-stars-model.ts), so lists and charts tell the same story.
 *
 * How the statistics evolve day by day is in fiction-history.ts.
 */

import { STATUSES, TAG_COUNTS, WARNINGS } from './frequencies.ts';
import { clamp, createRandom, type Random, seedOf } from './random.ts';

export const DAY_MS = 86_400_000;

/** Share of followers' steady growth after the hump (per τ, in units of F∞). */
export const RISER_TAIL = 0.015;

export interface Scores {
  overall: number;
  style: number;
  story: number;
  grammar: number;
  character: number;
}

export interface Stats {
  followers: number;
  favorites: number;
  ratings: number;
  pages: number;
  total_views: number;
  average_views: number;
  chapter_count: number;
  overall_score: number | null;
  style_score: number | null;
  story_score: number | null;
  grammar_score: number | null;
  character_score: number | null;
}

export interface RiserParams {
  /** Launch (first chapter), ms since epoch. */
  bornAt: number;
  /** Days to the peak of new followers. */
  tau: number;
  /** F∞: the followers the hump brings. */
  scale: number;
  chapters0: number;
  chaptersPerDay: number;
  /** Chapters stop (completed fictions), ms since epoch, or null. */
  stopsAt: number | null;
  pagesPerChapter: number;
  viewsPerFollower: number;
  viewsPerChapter: number;
  favoritesFactor: number;
  ratingsFactor: number;
  scores: Scores;
  /** Smooth wobble of the Rising Stars ranking (two sinusoids). */
  wobble: [
    amplitude1: number,
    period1: number,
    phase1: number,
    amplitude2: number,
    period2: number,
    phase2: number,
  ];
}

export interface EstablishedParams {
  end: Stats;
  /** Growth of followers over a year, as a fraction of the start value. */
  yearlyGrowth: number;
  viewsYearlyGrowth: number;
  chaptersPerDay: number;
  /** Last chapter, ms since epoch. */
  lastChapterAt: number;
  /** Shape of the follower curve over the window: exponent and an optional bump (a launch, a shout-out). */
  curve: [exponent: number, bumpAt: number, bumpShare: number];
}

export interface FictionProfile {
  type: 'Original' | 'Fan Fiction';
  status: string;
  tags: string[];
  warnings: string[];
  riser: RiserParams | null;
  established: EstablishedParams | null;
}

const TAG_TOTAL = TAG_COUNTS.reduce((sum, [, count]) => sum + count, 0);
/** Share of the sampled fictions carrying a given tag: the sample has 1,772 fictions. */
const SAMPLE_SIZE = 1772;

function drawStatus(random: Random): string {
  let u = random.next();
  for (const [status, share] of STATUSES) {
    u -= share;
    if (u < 0) return status;
  }
  return 'ONGOING';
}

/** Tags as on Royal Road: 4 to 20 typically (median 10), each kept with its real frequency. */
export function drawTags(random: Random): string[] {
  const wanted = clamp(Math.round(random.logNormal(Math.log(9.5), 0.45)), 1, 30);
  // Independent draws at each tag's frequency, scaled to give about `wanted` tags.
  const scale = wanted / (TAG_TOTAL / SAMPLE_SIZE);
  const tags: string[] = [];
  for (const [label, count] of TAG_COUNTS) {
    if (random.next() < Math.min(0.95, (count / SAMPLE_SIZE) * scale)) tags.push(label);
  }
  if (tags.length === 0) tags.push('Fantasy');
  return tags;
}

function drawWarnings(random: Random): string[] {
  return WARNINGS.filter(([, share]) => random.chance(share)).map(([label]) => label);
}

export function roundScore(value: number): number {
  return Math.round(clamp(value, 0.5, 5) * 100) / 100;
}

/** Royal Road scores: mostly 3.5 to 5 and skewed high; with few ratings they scatter more. */
export function drawScores(random: Random, fewRatings: boolean): Scores {
  const overall = fewRatings ? 5 - 2.5 * random.beta(1.3, 3) : 5 - 1.5 * random.beta(1.6, 4.5);
  const part = (bias: number) => roundScore(overall + bias + random.normal(0, 0.18));
  return {
    overall: roundScore(overall),
    style: part(0.02),
    story: part(0),
    grammar: part(-0.06),
    character: part(0.01),
  };
}

/** The real sample's fits: ln(y) = a + b·ln(followers) + N(0, sd). */
export const FIT = {
  averageViews: { a: 2.529, b: 0.689, sd: 0.481 },
  favorites: { a: -0.214, b: 0.774, sd: 0.388 },
  ratings: { a: -0.445, b: 0.712, sd: 0.578 },
  chapters: { a: 1.419, b: 0.365, sd: 1.065 },
  pagesPerChapter: { a: 1.888, b: 1.044, sd: 0.713 },
};

function fitted(random: Random, fit: { a: number; b: number; sd: number }, x: number) {
  return Math.exp(fit.a + fit.b * Math.log(x) + random.normal(0, fit.sd));
}

export function withScores(stats: Omit<Stats, `${string}_score`>, scores: Scores): Stats {
  const rated = stats.ratings > 0;
  return {
    ...stats,
    overall_score: rated ? scores.overall : null,
    style_score: rated ? scores.style : null,
    story_score: rated ? scores.story : null,
    grammar_score: rated ? scores.grammar : null,
    character_score: rated ? scores.character : null,
  };
}

/** An established fiction as it stands at the end date. */
export function establishedProfile(seed: number, n: number, end: number): FictionProfile {
  const random = createRandom(seedOf(seed, 'established', n));
  const type = random.chance(0.072) ? 'Fan Fiction' : 'Original';
  const status = drawStatus(random);
  // Followers: log-normal, about one in five fictions with none (median 9, top of 50,000 about 80,000).
  const followers = Math.max(0, Math.round(random.logNormal(2.3, 2.2)) - 1);
  const f = Math.max(followers, 1);
  const favorites = followers === 0 ? 0 : Math.min(followers, Math.floor(fitted(random, FIT.favorites, f)));
  const ratings = followers < 2 ? 0 : Math.floor(fitted(random, FIT.ratings, f) - 0.4);
  const chapters = Math.max(
    1,
    Math.round(followers === 0 ? random.logNormal(0.3, 0.9) : fitted(random, FIT.chapters, f)),
  );
  const pages = Math.max(1, Math.round(fitted(random, FIT.pagesPerChapter, chapters)));
  // Readers per chapter grow with followers; total views are their sum over the chapters.
  const averageViews = Math.max(1, Math.round(fitted(random, FIT.averageViews, f)));
  const totalViews = Math.round(averageViews * chapters * random.uniform(0.97, 1.03));
  const scores = drawScores(random, ratings < 5);
  const daysAgo =
    status === 'ONGOING'
      ? random.gamma(1) * 3
      : status === 'HIATUS'
        ? random.uniform(45, 400)
        : status === 'COMPLETED'
          ? random.uniform(20, 1000)
          : status === 'STUB'
            ? random.uniform(20, 600)
            : random.uniform(180, 1500);
  const active = status === 'ONGOING';
  return {
    type,
    status,
    tags: drawTags(random),
    warnings: drawWarnings(random),
    riser: null,
    established: {
      end: withScores(
        {
          followers,
          favorites,
          ratings,
          pages,
          total_views: Math.max(totalViews, chapters),
          average_views: Math.floor(Math.max(totalViews, chapters) / chapters),
          chapter_count: chapters,
        },
        scores,
      ),
      yearlyGrowth: active ? random.logNormal(Math.log(0.35), 0.6) : random.logNormal(Math.log(0.04), 0.8),
      viewsYearlyGrowth: active
        ? random.logNormal(Math.log(0.45), 0.5)
        : random.logNormal(Math.log(0.08), 0.6),
      chaptersPerDay: active ? random.uniform(0.15, 1.1) : random.uniform(0.1, 0.7),
      lastChapterAt: end - daysAgo * DAY_MS - random.uniform(0, DAY_MS),
      curve: [
        random.uniform(0.7, 1.4),
        random.uniform(0.1, 0.95),
        random.chance(0.2) ? random.uniform(0.1, 0.4) : 0,
      ],
    },
  };
}

/** A rising fiction, launched `bornDaysAgo` days before the end date. */
export function riserProfile(seed: number, n: number, end: number, spanDays: number): FictionProfile {
  const random = createRandom(seedOf(seed, 'riser', n));
  const bornAt = end - random.uniform(0, spanDays) * DAY_MS;
  const completed = random.chance(0.03);
  const tags = drawTags(random);
  return {
    type: random.chance(0.05) ? 'Fan Fiction' : 'Original',
    status: completed ? 'COMPLETED' : 'ONGOING',
    tags,
    warnings: drawWarnings(random),
    established: null,
    riser: {
      bornAt,
      tau: random.logNormal(Math.log(13), 0.35),
      scale: random.logNormal(Math.log(220), 1.2),
      chapters0: random.int(1, 12),
      chaptersPerDay: random.uniform(0.5, 1.6),
      stopsAt: completed ? bornAt + random.uniform(20, 60) * DAY_MS : null,
      pagesPerChapter: random.logNormal(Math.log(8), 0.35),
      viewsPerFollower: random.logNormal(Math.log(40), 0.5),
      viewsPerChapter: random.logNormal(Math.log(25), 0.6),
      favoritesFactor: Math.exp(random.normal(0, FIT.favorites.sd)),
      ratingsFactor: Math.exp(random.normal(0, FIT.ratings.sd)),
      scores: drawScores(random, false),
      wobble: [
        random.uniform(0.015, 0.045),
        random.uniform(2, 5),
        random.uniform(0, 2 * Math.PI),
        random.uniform(0.02, 0.06),
        random.uniform(6, 15),
        random.uniform(0, 2 * Math.PI),
      ],
    },
  };
}

/** Followers of a riser at time t (a smooth curve). */
export function riserFollowers(riser: RiserParams, t: number): number {
  const x = Math.max(0, (t - riser.bornAt) / DAY_MS / riser.tau);
  return riser.scale * (1 - (1 + x) * Math.exp(-x) + RISER_TAIL * x);
}

/** ln of a riser's momentum (new followers a day) at time t; −∞ before launch. */
export function riserLogMomentum(riser: RiserParams, t: number): number {
  const x = (t - riser.bornAt) / DAY_MS / riser.tau;
  if (x <= 0) return Number.NEGATIVE_INFINITY;
  return Math.log(riser.scale / riser.tau) + Math.log(x * Math.exp(-x) + RISER_TAIL);
}

/** Chapters of a riser at time t: its launch chapters, then its release pace until it stops. */
export function riserChapters(riser: RiserParams, t: number): number {
  const until = riser.stopsAt === null ? t : Math.min(t, riser.stopsAt);
  const days = Math.max(0, (until - riser.bornAt) / DAY_MS);
  return riser.chapters0 + Math.floor(days * riser.chaptersPerDay);
}

import { z } from 'zod';
import { MAX_COMPARE } from './compare-rules.ts';
import { okEnvelope } from './envelope.ts';
import { isId } from './ids.ts';

const count = z.number().int().nullable();
const rate = z.number().nullable();

/** The ranges of the fiction page's charts, counted back from the newest snapshot. */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

export const analyticsQuery = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: 'range must be one of 7d, 30d, 90d or all.' }).default('all'),
});

/** Beyond this many days between two snapshots, no gain per day is computed: the gap stays a gap. */
export const MAX_GROWTH_GAP_DAYS = 3;

/** One UTC day with a snapshot: gains since the snapshot before, scaled to 24 hours. */
const dailyGrowth = z.object({
  date: z.string(),
  followers: count,
  followers_gained: rate,
  views_gained: rate,
  favorites_gained: rate,
  ratings_gained: rate,
  views_per_follower: rate,
  favorites_per_follower: rate,
});
export type DailyGrowth = z.infer<typeof dailyGrowth>;

/** A chapter with the time since the one before and the followers gained until the next one. */
const chapterGrowth = z.object({
  royalroad_chapter_id: z.number().int(),
  title: z.string(),
  published_at: z.string(),
  gap_hours: rate,
  followers_gained: count,
});
export type ChapterGrowth = z.infer<typeof chapterGrowth>;

const cadence = z.object({
  /** Chapters released in the last 28 days, divided by 4. */
  chapters_per_week: rate,
  median_gap_hours: rate,
  /** Average followers gained on days with a release minus on days without. */
  release_day_lift: rate,
  followers_per_release_day: rate,
  followers_per_other_day: rate,
  days_with_release: z.number().int(),
  days_without_release: z.number().int(),
});
export type Cadence = z.infer<typeof cadence>;

export { MIN_PEERS } from './compare-rules.ts';

const cohort = z.object({
  size: z.number().int(),
  min: z.number(),
  max: z.number(),
});
const percentilePair = z.object({ length: rate, age: rate });
const peers = z.object({
  /** Tracked fictions with pages within ±20 %; null when the fiction's pages are unknown. */
  length_cohort: cohort.nullable(),
  /** Of those, the ones whose first chapter is as old within ±20 % (days); null without chapter dates. */
  age_cohort: cohort.nullable(),
  percentiles: z.object({
    followers: percentilePair,
    views_per_follower: percentilePair,
    favorites_per_follower: percentilePair,
    ratings_per_follower: percentilePair,
  }),
});
export type Peers = z.infer<typeof peers>;

/** The median and middle half of a figure, over the `known` fictions it is known for. */
const spread = z.object({ median: rate, low: rate, high: rate, known: z.number().int() });
const entrants = z.object({
  /** Fictions seen entering the main list (not already on it at our first capture). */
  fictions: z.number().int(),
  followers: spread,
  age_days: spread,
});
export type RisingStarsEntrants = z.infer<typeof entrants>;
const risingStarsContext = z.object({
  overall: entrants,
  genres: z.array(entrants.extend({ genre: z.string(), label: z.string() })),
});
export type RisingStarsContext = z.infer<typeof risingStarsContext>;
export const risingStarsContextResponse = okEnvelope(risingStarsContext);

const fictionAnalytics = z.object({
  royalroad_id: z.number().int(),
  range: z.enum(ANALYTICS_RANGES),
  daily: z.array(dailyGrowth),
  chapters: z.array(chapterGrowth),
  cadence,
  peers,
  rising_stars_context: risingStarsContext,
});
export type FictionAnalytics = z.infer<typeof fictionAnalytics>;
export const fictionAnalyticsResponse = okEnvelope(fictionAnalytics);

export const COMPARE_ALIGNS = ['launch', 'calendar'] as const;

export const compareQuery = z.object({
  ids: z
    .string({ error: 'ids is required.' })
    .trim()
    .min(1, 'ids is required.')
    .transform((value) => value.split(',').map((part) => part.trim()))
    .refine((parts) => parts.every((part) => /^\d{1,10}$/.test(part) && isId(Number(part))), {
      message: 'ids must be Royal Road fiction ids separated by commas.',
    })
    .transform((parts) => [...new Set(parts.map(Number))])
    .refine((ids) => ids.length <= MAX_COMPARE, `ids can name at most ${MAX_COMPARE} fictions.`),
  align: z.enum(COMPARE_ALIGNS, { error: 'align must be launch or calendar.' }).default('launch'),
});

const comparePoint = z.object({
  /** Days since the first chapter (launch) or since the earliest point of all series (calendar). */
  day: z.number(),
  captured_at: z.string(),
  followers: count,
  total_views: count,
  pages: count,
});
const compareSeries = z.object({
  royalroad_id: z.number().int(),
  title: z.string(),
  first_chapter_at: z.string().nullable(),
  points: z.array(comparePoint),
  /** Followers, views and pages at days 7, 14, 30, 60 and 90 after the first chapter, where known. */
  milestones: z.array(
    z.object({ day: z.number().int(), followers: count, total_views: count, pages: count }),
  ),
});
export type CompareSeries = z.infer<typeof compareSeries>;
const comparison = z.object({
  align: z.enum(COMPARE_ALIGNS),
  series: z.array(compareSeries),
});
export type Comparison = z.infer<typeof comparison>;
export const compareResponse = okEnvelope(comparison);

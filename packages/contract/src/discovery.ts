import { z } from 'zod';
import {
  DISCOVERY_GENRES,
  FICTION_STATUSES,
  FICTION_TYPES,
  MOVER_WINDOWS,
  SEARCH_SORTS,
} from './discovery-rules.ts';
import { okEnvelope } from './envelope.ts';
import { MAX_PAGE_SIZE, pageQuery, queryInteger } from './pagination.ts';

export * from './discovery-rules.ts';

const GENRE_SLUGS_ALLOWED = DISCOVERY_GENRES.map((genre) => genre.slug);

const MAX_LIST_ITEMS = 20;

/** A list in a query string: repeated (`tags=a&tags=b`) or comma-separated (`tags=a,b`). */
function queryList<T extends z.ZodType<string>>(name: string, item: T) {
  return z.preprocess(
    (value) => {
      if (value === undefined) return [];
      const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
        typeof part === 'string' ? part.split(',') : [part],
      );
      return parts
        .map((part) => (typeof part === 'string' ? part.trim() : part))
        .filter((part) => part !== '');
    },
    z.array(item).max(MAX_LIST_ITEMS, `${name} may list at most ${MAX_LIST_ITEMS} values.`),
  );
}

function optionalCount(name: string) {
  return z.coerce
    .number({ error: `${name} must be a number.` })
    .int(`${name} must be a whole number.`)
    .min(0, `${name} must not be negative.`)
    .max(1_000_000_000, `${name} is too large.`)
    .optional();
}

const genreSlug = (name: string) =>
  z.enum(GENRE_SLUGS_ALLOWED as [string, ...string[]], {
    error: (issue) => `${name} has an unknown genre: ${String(issue.input).slice(0, 50)}.`,
  });

export const fictionSearchQuery = pageQuery
  .extend({
    q: z.string().trim().max(200, 'q must be at most 200 characters.').default(''),
    tags: queryList('tags', z.string().max(60, 'tags must be at most 60 characters each.')),
    genres: queryList('genres', genreSlug('genres')),
    status: queryList(
      'status',
      z.enum(FICTION_STATUSES, { error: `status must be one of ${FICTION_STATUSES.join(', ')}.` }),
    ),
    type: z.enum(FICTION_TYPES, { error: 'type must be original or fanfiction.' }).optional(),
    minFollowers: optionalCount('minFollowers'),
    maxFollowers: optionalCount('maxFollowers'),
    minPages: optionalCount('minPages'),
    maxPages: optionalCount('maxPages'),
    updatedWithinDays: z.coerce
      .number({ error: 'updatedWithinDays must be a number.' })
      .int('updatedWithinDays must be a whole number.')
      .min(1, 'updatedWithinDays must be at least 1.')
      .max(3650, 'updatedWithinDays must be at most 3650.')
      .optional(),
    onRisingStars: z
      .enum(['true', 'false'], { error: 'onRisingStars must be true or false.' })
      .transform((value) => value === 'true')
      .optional(),
    sort: z
      .enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}.` })
      .default('relevance'),
  })
  .superRefine((query, context) => {
    for (const [min, max] of [
      ['minFollowers', 'maxFollowers'],
      ['minPages', 'maxPages'],
    ] as const) {
      const low = query[min];
      const high = query[max];
      if (low !== undefined && high !== undefined && low > high)
        context.addIssue({ code: 'custom', path: [min], message: `${min} must not be above ${max}.` });
    }
  });
export type FictionSearchQuery = z.infer<typeof fictionSearchQuery>;

/** A fiction as a search result or a mover: what a card shows. Gains are null when a snapshot is missing. */
export const fictionCard = z.object({
  id: z.number().int(),
  royalroad_id: z.number().int(),
  title: z.string(),
  author_name: z.string().nullable(),
  image_url: z.string().nullable(),
  status: z.string().nullable(),
  type: z.string().nullable(),
  tags: z.array(z.string()),
  followers: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  overall_score: z.number().nullable(),
  gain7: z.number().int().nullable(),
  gain30: z.number().int().nullable(),
  /** Followers a day over the 30 days before `as_of`, oldest first. */
  sparkline: z.array(z.number()),
});
export type FictionCard = z.infer<typeof fictionCard>;

export const fictionSearchResponse = okEnvelope(
  z.object({
    items: z.array(fictionCard),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    /** The latest snapshot the site holds: gains and sparklines end there. Null before the first. */
    as_of: z.string().nullable(),
  }),
);
export type FictionSearchResult = z.infer<typeof fictionSearchResponse>['data'];

export const moversQuery = z.object({
  window: z.enum(MOVER_WINDOWS, { error: 'window must be 1d, 7d or 30d.' }).default('7d'),
  genre: genreSlug('genre').optional(),
  limit: queryInteger('limit', { min: 1, max: MAX_PAGE_SIZE, default: 20 }),
});
export type MoversQuery = z.infer<typeof moversQuery>;

const mover = z.object({
  fiction: fictionCard,
  gain: z.number().int(),
  gain_per_day: z.number(),
  from: z.number().int(),
  to: z.number().int(),
  /** ISO 8601 UTC: the snapshots the gain is measured between. */
  from_at: z.string(),
  to_at: z.string(),
});
export type Mover = z.infer<typeof mover>;

/** A fiction that joined or left Rising Stars, with the list and position (its best one, if several). */
const risingStarsMove = fictionCard.extend({ list: z.string(), position: z.number().int() });
export type RisingStarsMove = z.infer<typeof risingStarsMove>;

export const moversResponse = okEnvelope(
  z.object({
    window: z.enum(MOVER_WINDOWS),
    genre: z.string().nullable(),
    as_of: z.string().nullable(),
    items: z.array(mover),
    /** The two latest complete Rising Stars captures compared (the genre's list, or any list). */
    rising_stars: z.object({
      captured_at: z.string().nullable(),
      previous_captured_at: z.string().nullable(),
      /** New on a list: `list` is its slug (`main` for the overall list), `position` its place there now. */
      entered: z.array(risingStarsMove),
      /** Gone from every compared list: `list` and `position` where it was in the previous capture. */
      left: z.array(risingStarsMove),
    }),
  }),
);
export type MoversResult = z.infer<typeof moversResponse>['data'];

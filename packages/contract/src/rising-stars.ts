import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { GENRE_SLUGS } from './genres.ts';
import { isId } from './ids.ts';
import { queryInteger } from './pagination.ts';

/** One place on one list at one capture (SPEC §3 "Rising Stars record"). */
const risingStarRecord = z.object({
  fiction_id: z.number().int(),
  genre: z.string(),
  position: z.number().int(),
  captured_at: z.string(),
});
export type RisingStarRecord = z.infer<typeof risingStarRecord>;

/** A row of a list as screens show it (SPEC §3 "Rising star entry"); `id` is the internal fiction id. */
const risingStarEntry = z.object({
  id: z.number().int(),
  royalroad_id: z.number().int(),
  title: z.string(),
  author_name: z.string().nullable(),
  image_url: z.string().nullable(),
  genre: z.string(),
  position: z.number().int(),
  captured_at: z.string(),
});
export type RisingStarEntry = z.infer<typeof risingStarEntry>;

/** Where a fiction stands on one list now and at the capture before (for the trend badge). */
const risingStarBadge = z.object({
  genre: z.string(),
  position: z.number().int(),
  captured_at: z.string(),
  previous_position: z.number().int().nullable(),
  previous_captured_at: z.string().nullable(),
});
export type RisingStarBadge = z.infer<typeof risingStarBadge>;

const genreSlug = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => GENRE_SLUGS.includes(value), 'genre is not a Rising Stars list.');

const isoDate = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} must be a date (YYYY-MM-DD or ISO 8601).`)
    .transform((value) => new Date(value).toISOString());

export const MAX_RANGE_DAYS = 90;

export const risingStarsRangeQuery = z.object({
  genre: genreSlug.default('main'),
  startDate: isoDate('startDate').optional(),
  endDate: isoDate('endDate').optional(),
});

export const risingStarsLatestQuery = z.object({
  genre: genreSlug.optional(),
  /** Internal fiction ids, comma separated: answers the badges of a whole list in one request. */
  fictionIds: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, 'fictionIds must be fiction ids separated by commas.')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= 1000, 'fictionIds may name at most 1000 fictions.')
    .refine((ids) => ids.every(isId), 'fictionIds holds an id out of range.')
    .optional(),
});

export const risingStarsTopQuery = z.object({
  limit: queryInteger('limit', { min: 1, max: 50, default: 5 }),
});

export const risingStarsRangeResponse = okEnvelope(
  z.object({ genre: z.string(), start: z.string(), end: z.string(), entries: z.array(risingStarEntry) }),
);

const risingStarsLatest = z.object({
  captured_at: z.string().nullable(),
  entries: z.array(risingStarEntry).optional(),
  badges: z.record(z.string(), z.array(risingStarBadge)).optional(),
});
export type RisingStarsLatest = z.infer<typeof risingStarsLatest>;
export const risingStarsLatestResponse = okEnvelope(risingStarsLatest);

const risingStarsTop = z.object({
  captured_at: z.string().nullable(),
  entries: z.array(risingStarEntry),
});
export type RisingStarsTop = z.infer<typeof risingStarsTop>;
export const risingStarsTopResponse = okEnvelope(risingStarsTop);

export const risingStarsForFictionResponse = okEnvelope(z.array(risingStarRecord));

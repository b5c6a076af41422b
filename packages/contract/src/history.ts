import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

const count = z.number().int().nullable();
const score = z.number().nullable();

/** One scrape of a fiction's statistics. */
const snapshotPoint = z.object({
  captured_at: z.string(),
  followers: count,
  favorites: count,
  ratings: count,
  pages: count,
  total_views: count,
  average_views: count,
  chapter_count: count,
  overall_score: score,
  style_score: score,
  story_score: score,
  grammar_score: score,
  character_score: score,
});
export type SnapshotPoint = z.infer<typeof snapshotPoint>;

const fictionHistory = z.object({
  fiction_id: z.number().int(),
  royalroad_id: z.number().int(),
  points: z.array(snapshotPoint),
});
export type FictionHistory = z.infer<typeof fictionHistory>;
export const fictionHistoryResponse = okEnvelope(fictionHistory);

const optionalDate = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} must be a date (YYYY-MM-DD or ISO 8601).`)
    .transform((value) => new Date(value).toISOString())
    .optional();

export const historyQuery = z.object({ from: optionalDate('from'), to: optionalDate('to') });

/** Older than this, the history keeps at most one point a day. */
export const FULL_RESOLUTION_DAYS = 90;
/** Older than this, at most one point a week: a chart of years shows no more, and the answer stays light. */
export const DAILY_RESOLUTION_DAYS = 365;

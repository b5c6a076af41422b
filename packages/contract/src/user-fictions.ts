import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { fiction } from './fictions.ts';
import { idField } from './id-fields.ts';
import { DEFAULT_PAGE_SIZE, pageQuery, pagination, queryInteger } from './pagination.ts';
import { READING_STATUSES } from './reading-status.ts';

const readingStatus = z.enum(READING_STATUSES, {
  error: `status must be one of: ${READING_STATUSES.join(', ')}.`,
});

const userFiction = z.object({
  id: z.number().int(),
  fiction_id: z.number().int(),
  status: readingStatus,
  is_favorite: z.boolean(),
  favorite_position: z.number().int().nullable(),
  current_chapter: z.number().int(),
  total_chapters: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  fiction,
});
export type UserFiction = z.infer<typeof userFiction>;

const userFictionPage = z.object({ userFictions: z.array(userFiction), pagination });
export type UserFictionPage = z.infer<typeof userFictionPage>;
export const userFictionPageResponse = okEnvelope(userFictionPage);

/** How much of a description a favorite's card can show (two lines at its widest): cut there, on a word. */
export const FAVORITE_DESCRIPTION_CHARACTERS = 180;
/** How many of a fiction's tags a favorite's card shows. */
export const FAVORITE_TAGS = 2;

/**
 * A favorite as its card shows it: the reader's entry and what the card shows of the fiction — the
 * description as plain text cut to FAVORITE_DESCRIPTION_CHARACTERS (ending in '…' when cut), the first
 * FAVORITE_TAGS tags. The fiction page has the rest.
 */
const favoriteEntry = userFiction.omit({ created_at: true, updated_at: true }).extend({
  fiction: fiction.pick({
    id: true,
    royalroad_id: true,
    title: true,
    author_name: true,
    description: true,
    image_url: true,
    status: true,
    tags: true,
    followers: true,
    overall_score: true,
    chapter_count: true,
  }),
});
export type FavoriteEntry = z.infer<typeof favoriteEntry>;
const favoritesPage = z.object({ userFictions: z.array(favoriteEntry), pagination });
export type FavoritesPage = z.infer<typeof favoritesPage>;
export const favoritesPageResponse = okEnvelope(favoritesPage);
export const userFictionResponse = okEnvelope(userFiction);
export const userFictionListResponse = okEnvelope(z.array(userFiction));

/** The favorites may be asked for whole (up to 1,000) so the dashboard can reorder them all. */
export const favoritesQuery = z.object({
  page: pageQuery.shape.page,
  limit: queryInteger('limit', { min: 1, max: 1000, default: DEFAULT_PAGE_SIZE }),
});

export const statusParam = z.object({ status: readingStatus });

export const addUserFictionBody = z.object({
  fiction_id: idField('fiction_id'),
  status: readingStatus.default('plan_to_read'),
});

export const updateUserFictionBody = z.object({ status: readingStatus }).strict();

export const progressBody = z
  .object({
    currentChapter: z
      .number({ error: 'currentChapter must be a number.' })
      .int('currentChapter must be a whole number.')
      .min(0, 'currentChapter must be at least 0.')
      .max(100_000, 'currentChapter is too large.'),
    totalChapters: z
      .number({ error: 'totalChapters must be a number.' })
      .int('totalChapters must be a whole number.')
      .min(0, 'totalChapters must be at least 0.')
      .max(100_000, 'totalChapters is too large.'),
  })
  .refine(
    (body) => body.currentChapter <= body.totalChapters,
    'The current chapter cannot be past the last chapter.',
  );

export const reorderBody = z.object({
  fictionIds: z
    .array(z.number({ error: 'fictionIds must hold fiction ids.' }).int().positive(), {
      error: 'fictionIds must be a list of fiction ids.',
    })
    .max(1000, 'fictionIds may hold at most 1000 ids.'),
});

const userFictionStats = z.object({
  total: z.number().int(),
  reading: z.number().int(),
  completed: z.number().int(),
  on_hold: z.number().int(),
  dropped: z.number().int(),
  plan_to_read: z.number().int(),
  favorites: z.number().int(),
});
export type UserFictionStats = z.infer<typeof userFictionStats>;
export const userFictionStatsResponse = okEnvelope(userFictionStats);
export const reorderResponse = okEnvelope(z.object({ fictionIds: z.array(z.number().int()) }));

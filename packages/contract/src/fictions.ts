import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { idField, idParams } from './id-fields.ts';
import { MAX_PAGE_SIZE, pagination, queryInteger } from './pagination.ts';
import { ROYALROAD_URL_HELP, royalroadFictionId } from './royalroad-url.ts';

const count = z.number().int().nullable();
const score = z.number().nullable();

/** A fiction as every screen sees it; a statistic Royal Road did not show is null. */
export const fiction = z.object({
  id: z.number().int(),
  royalroad_id: z.number().int(),
  title: z.string(),
  author_name: z.string().nullable(),
  author_id: z.number().int().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  status: z.string().nullable(),
  type: z.string().nullable(),
  tags: z.array(z.string()),
  warnings: z.array(z.string()),
  pages: count,
  ratings: count,
  followers: count,
  favorites: count,
  total_views: count,
  average_views: count,
  overall_score: score,
  style_score: score,
  story_score: score,
  grammar_score: score,
  character_score: score,
  chapter_count: count,
  sponsored: z.boolean(),
  last_scraped_at: z.string().nullable(),
  created_at: z.string(),
});
export type Fiction = z.infer<typeof fiction>;

const fictionPage = z.object({ fictions: z.array(fiction), pagination });
export const fictionPageResponse = okEnvelope(fictionPage);
export type FictionPage = z.infer<typeof fictionPage>;
export const fictionResponse = okEnvelope(fiction);

export const rankingQuery = z.object({
  limit: queryInteger('limit', { min: 1, max: MAX_PAGE_SIZE, default: 10 }),
});

const siteFiction = z.object({
  id: z.number().int(),
  royalroad_id: z.number().int(),
  title: z.string(),
  author_name: z.string().nullable(),
  user_count: z.number().int(),
});
export type SiteFiction = z.infer<typeof siteFiction>;
export const siteFictionsResponse = okEnvelope(z.array(siteFiction));
export const fictionListResponse = okEnvelope(z.array(fiction));

/** A pasted Royal Road link (or id), checked before anything is fetched. */
const royalroadUrlField = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Enter a Royal Road fiction URL.' : ROYALROAD_URL_HELP),
  })
  .trim()
  .min(1, 'Enter a Royal Road fiction URL.')
  .max(2000, ROYALROAD_URL_HELP)
  .transform((value, context) => {
    const id = royalroadFictionId(value);
    if (id === null) {
      context.addIssue({ code: 'custom', message: ROYALROAD_URL_HELP });
      return z.NEVER;
    }
    return id;
  });

export const addFictionBody = z.object({ url: royalroadUrlField });
export const createFictionBody = z.union(
  [
    z.object({ url: royalroadUrlField }),
    z.object({
      royalroadId: idField('royalroadId'),
    }),
  ],
  { error: ROYALROAD_URL_HELP },
);

const addFictionResult = z.object({ title: z.string(), fiction, userFictionId: z.number().int() });
export const addFictionResponse = okEnvelope(addFictionResult);
export type AddFictionResult = z.infer<typeof addFictionResult>;

const popularFiction = z.object({
  id: z.number().int(),
  royalroad_id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  status: z.string().nullable(),
  tags: z.array(z.string()),
  author: z.object({ name: z.string().nullable() }),
  stats: z.object({ followers: count, score }),
});
export type PopularFiction = z.infer<typeof popularFiction>;
export const popularFictionsResponse = z.object({
  success: z.literal(true),
  data: z.array(popularFiction),
  message: z.string(),
});

const royalroadProfile = z.object({
  profile_id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  fictions: z.array(
    z.object({
      royalroad_id: z.number().int(),
      title: z.string(),
      image_url: z.string().nullable(),
      status: z.string().nullable(),
      followers: count,
      rating: score,
    }),
  ),
});
export type RoyalroadProfile = z.infer<typeof royalroadProfile>;
export const royalroadProfileResponse = okEnvelope(royalroadProfile);
export const profileIdParam = idParams('id', 'The Royal Road profile id');

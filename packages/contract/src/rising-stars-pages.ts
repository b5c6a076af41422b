import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { GENRE_SLUGS } from './genres.ts';
import { idField } from './id-fields.ts';

/** How a fiction moved on the main list since the capture before: this page's own words (not the badge trend). */
const MOVEMENTS = ['up', 'down', 'new', 'same'] as const;
export type Movement = (typeof MOVEMENTS)[number];

const mainListEntry = z.object({
  position: z.number().int(),
  fiction_id: z.number().int(),
  royalroad_id: z.number().int(),
  title: z.string(),
  author_name: z.string().nullable(),
  image_url: z.string().nullable(),
  highest_position: z.number().int(),
  days_on_list: z.number().int(),
  movement: z.enum(MOVEMENTS),
  previous_position: z.number().int().nullable(),
  /** When its position last changed (or when it entered the list). */
  changed_at: z.string().nullable(),
});
export type MainListEntry = z.infer<typeof mainListEntry>;

const mainList = z.object({
  captured_at: z.string().nullable(),
  previous_captured_at: z.string().nullable(),
  entries: z.array(mainListEntry),
});
export type MainList = z.infer<typeof mainList>;
export const mainListResponse = okEnvelope(mainList);

export const dateRangeQuery = z.object({
  fictionId: idField('fictionId', { coerce: true }),
  genre: z
    .string({ error: 'genre is required.' })
    .trim()
    .toLowerCase()
    .refine((value) => GENRE_SLUGS.includes(value), 'genre is not a Rising Stars list.'),
});
export const dateRange = z.object({
  first_captured_at: z.string(),
  last_captured_at: z.string(),
  captures: z.number().int(),
});
export const dateRangeResponse = okEnvelope(dateRange);

const neighbour = z.object({ royalroad_id: z.number().int(), title: z.string(), position: z.number().int() });

const positionList = z.object({
  genre: z.string(),
  position: z.number().int(),
  best_position: z.number().int(),
  previous_position: z.number().int().nullable(),
  above: z.array(neighbour),
  below: z.array(neighbour),
});

const positionResult = z.object({
  fiction: z.object({
    id: z.number().int(),
    royalroad_id: z.number().int(),
    title: z.string(),
    author_name: z.string().nullable(),
    image_url: z.string().nullable(),
  }),
  captured_at: z.string().nullable(),
  /** 'main': on the main list; 'estimated': only on genre lists; 'unranked': on no list at this capture. */
  status: z.enum(['main', 'estimated', 'unranked']),
  message: z.string(),
  estimate: z
    .object({
      position: z.number().int(),
      low: z.number().int(),
      high: z.number().int(),
      known_ahead: z.number().int(),
      to_climb: z.number().int(),
    })
    .nullable(),
  lists: z.array(positionList),
});
export type PositionResult = z.infer<typeof positionResult>;
export const positionResultResponse = okEnvelope(positionResult);

const latestScrape = z.object({
  captured_at: z.string().nullable(),
  genres: z.array(z.string()),
  fictions: z.number().int(),
});
export const latestScrapeResponse = okEnvelope(latestScrape);

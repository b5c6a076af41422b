import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/** The days after a fiction's newest snapshot its followers are projected for. */
export const PROJECTION_HORIZONS = [7, 30, 90] as const;

/** Followers projected `days` after the newest snapshot: the middle and an 80 % interval. */
const projectedFollowers = z.object({
  days: z.number().int(),
  low: z.number().int(),
  mid: z.number().int(),
  high: z.number().int(),
});
export type ProjectedFollowersEntry = z.infer<typeof projectedFollowers>;

/**
 * When the followers would reach a count at this pace: the middle date, and the range the 80 % interval gives
 * (earliest by its top, latest by its bottom); null where that is not within a year.
 */
const passing = z.object({
  date: z.string().nullable(),
  earliest: z.string().nullable(),
  latest: z.string().nullable(),
});

const projection = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    /** When the newest snapshot the projection starts from was taken. */
    as_of: z.string(),
    followers: z.number().int(),
    horizons: z.array(projectedFollowers),
    milestones: z.array(passing.extend({ followers: z.number().int() })),
    /**
     * For a fiction not on the latest main list: when its followers would pass those the main list's last
     * place (normally #50) has today. Null when it is on the list, or no main list was captured.
     */
    main_list: passing.extend({ position: z.number().int(), followers: z.number().int() }).nullable(),
  }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);
export type FollowersProjection = z.infer<typeof projection>;

export const projectionResponse = okEnvelope(projection);

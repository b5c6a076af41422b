import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { jobRun } from './jobs.ts';

/** A reader may refresh a fiction whose data is older than this. */
export const REFRESH_AFTER_HOURS = 6;
/** Refreshes one reader may ask for in any 24 hours. */
export const REFRESHES_PER_DAY = 10;

/** What a reader needs to know before and while refreshing a fiction (`GET /api/fictions/:royalroadId/refresh`). */
const refreshStatus = z.object({
  royalroad_id: z.number().int(),
  /** When the fiction's own page was last read; null when it never was (known from a list only). */
  last_updated_at: z.string().nullable(),
  /** When it may be refreshed again; null when it may be now. */
  refreshable_at: z.string().nullable(),
  refreshes: z.object({
    /** Refreshes this reader asked for in the last 24 hours. */
    used: z.number().int(),
    limit: z.number().int(),
    /** When the next refresh becomes available, once all are used; else null. */
    next_at: z.string().nullable(),
  }),
  /** The fiction's refresh waiting or under way (whoever asked), else this reader's latest of the last 24 hours. */
  job: jobRun.nullable(),
});
export type RefreshStatus = z.infer<typeof refreshStatus>;
export const refreshStatusResponse = okEnvelope(refreshStatus);

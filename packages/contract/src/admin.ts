import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { jobRun } from './jobs.ts';
import { pageQuery, pagination } from './pagination.ts';

/** A scheduled job's health: its last finished (or running) run and the next times it will start. */
export const scrapeHealth = z.object({
  job: z.string(),
  /** What it does and when, in words. */
  description: z.string(),
  last_run: jobRun.nullable(),
  /** Milliseconds the last run took (or has taken so far), null when it has not started. */
  last_duration_ms: z.number().int().nullable(),
  /**
   * When the newest data of this kind was captured, from the data itself (a Rising Stars capture, a fiction
   * snapshot), however it got there: a job run or a loaded sample. Null when there is none.
   */
  last_capture_at: z.string().nullable(),
  next_runs: z.array(
    z.object({
      /** ISO 8601 UTC. */
      at: z.string(),
      /** The same moment on a Pacific clock, e.g. 'Sat, Nov 21, 12:24 AM PST'. */
      pacific: z.string(),
    }),
  ),
});
export type ScrapeHealth = z.infer<typeof scrapeHealth>;

const adminStatistics = z.object({
  users: z.object({
    total: z.number().int(),
    /** Distinct accounts that signed in or changed their list in the last 30 days. */
    active: z.number().int(),
  }),
  fiction: z.object({ total: z.number().int() }),
  coffee_donations: z.object({
    /** Succeeded coffee payments net of refunds, in dollars (2 decimals). */
    total_revenue: z.number(),
    count: z.number().int(),
  }),
  recent_activity: z.object({
    /** Fictions first stored in the last 7 days. */
    new_fictions: z.number().int(),
  }),
  scraping: z.object({
    timezone: z.string(),
    /** False when SCHEDULER=off: nothing runs on a schedule, and no job has next runs. */
    scheduler: z.boolean(),
    jobs: z.array(scrapeHealth),
  }),
});
export type AdminStatistics = z.infer<typeof adminStatistics>;
export const adminStatisticsResponse = z.object({ success: z.literal(true), data: adminStatistics });

const adminUserRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  admin: z.boolean(),
  /** Named in ADMIN_EMAILS: an administrator that cannot be revoked from the site. */
  admin_fixed: z.boolean(),
  fiction_count: z.number().int(),
  favorites_count: z.number().int(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUsersQuery = pageQuery.extend({
  q: z.string().trim().max(200, 'q must be at most 200 characters.').optional(),
  sort: z.enum(['created_at'], { error: 'sort must be created_at.' }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc.' }).default('desc'),
});

export const adminUsersResponse = z.object({
  success: z.literal(true),
  data: z.array(adminUserRow),
  pagination,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const setAdminBody = z
  .object({ admin: z.boolean({ error: 'admin must be true or false.' }) })
  .strict();
export const adminUserResponse = okEnvelope(adminUserRow);

export const ADMIN_MESSAGES = {
  lastAdmin: 'The last administrator cannot be revoked. Make someone else an administrator first.',
  fixedAdmin: 'This account is an administrator through ADMIN_EMAILS and cannot be revoked here.',
  userNotFound: 'No user has that id.',
} as const;

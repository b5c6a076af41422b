import { z } from 'zod';
import { pageQuery, pagination } from './pagination.ts';

export const adminStatistics = z.object({
  users: z.object({
    total: z.number().int(),
    /** Accounts seen in the last 30 days. */
    active: z.number().int(),
  }),
});
export type AdminStatistics = z.infer<typeof adminStatistics>;
export const adminStatisticsResponse = z.object({ success: z.literal(true), data: adminStatistics });

export const adminUserRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  admin: z.boolean(),
  /** Named in ADMIN_EMAILS: an administrator that cannot be revoked from the site. */
  admin_fixed: z.boolean(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUsersQuery = pageQuery.extend({
  q: z.string().trim().max(200, 'q must be at most 200 characters.').optional(),
});

export const adminUsersResponse = z.object({
  success: z.literal(true),
  data: z.array(adminUserRow),
  pagination,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

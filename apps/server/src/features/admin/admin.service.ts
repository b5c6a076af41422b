import { ADMIN_MESSAGES } from '@rrc/contract';
import { badRequest, notFound } from '../../errors.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { AdminRepository } from './admin.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACTIVE_WINDOW_MS = 30 * DAY_MS;
const NEW_FICTIONS_WINDOW_MS = 7 * DAY_MS;

/** The administrators' view of the site: statistics, scrape health, accounts and who administers. */
export function adminService(deps: {
  admin: AdminRepository;
  jobs: Pick<JobsService, 'scrapeHealth'>;
  payments: Pick<PaymentsService, 'coffeeRevenue'>;
  adminEmails: readonly string[];
  now: () => Date;
}) {
  const { admin, adminEmails } = deps;

  // An ADMIN_EMAILS address makes an administrator only once its owner proved it.
  const toRow = <T extends { email: string; admin: boolean; email_verified_at: string | null }>({
    email_verified_at,
    ...row
  }: T) => {
    const fixed = email_verified_at !== null && adminEmails.includes(row.email);
    return { ...row, admin: row.admin || fixed, admin_fixed: fixed };
  };

  return {
    async statistics() {
      const now = deps.now();
      const [users, fictions, coffee, captures] = await Promise.all([
        admin.userCounts(new Date(now.getTime() - ACTIVE_WINDOW_MS).toISOString()),
        admin.fictionCounts(new Date(now.getTime() - NEW_FICTIONS_WINDOW_MS).toISOString()),
        deps.payments.coffeeRevenue(),
        admin.lastCaptures(),
      ]);
      // The data's own last capture: a sample loaded without any job run still shows when it was captured.
      const scraping = await deps.jobs.scrapeHealth(now, {
        'rising-stars': captures.risingStars,
        'all-fictions': captures.fictions,
      });
      return {
        users,
        fiction: { total: fictions.total },
        coffee_donations: coffee,
        recent_activity: { new_fictions: fictions.recent },
        scraping,
      };
    },

    async users(options: { page: number; limit: number; q?: string; order: 'asc' | 'desc' }) {
      const { page, limit, q, order } = options;
      const { rows, total } = await admin.listUsers({ search: q, order, offset: (page - 1) * limit, limit });
      return { users: rows.map(toRow), total };
    },

    /** Makes an account an administrator or revokes it: never the last one, nor an ADMIN_EMAILS account. */
    async setAdmin(id: number, makeAdmin: boolean) {
      const current = await admin.userRow(id);
      if (!current) throw notFound(ADMIN_MESSAGES.userNotFound);
      if (!makeAdmin && toRow(current).admin_fixed) throw badRequest(ADMIN_MESSAGES.fixedAdmin);
      const outcome = await admin.setAdmin(id, makeAdmin, adminEmails);
      if (outcome === 'missing') throw notFound(ADMIN_MESSAGES.userNotFound);
      if (outcome === 'last-admin') throw badRequest(ADMIN_MESSAGES.lastAdmin);
      const updated = await admin.userRow(id);
      if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
      return toRow(updated);
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;

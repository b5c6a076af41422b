import {
  ADMIN_MESSAGES,
  adminStatisticsResponse,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  idParams,
  paginationOf,
  type ScrapeHealth,
  setAdminBody,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AuthGuards } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { Services } from '../../services.ts';
import { toJobRun } from '../jobs/job-run.mapper.ts';
import { nextRunTimes, SCHEDULE, SCHEDULE_TIMEZONE } from '../jobs/schedule.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { adminRepository } from './admin.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACTIVE_WINDOW_MS = 30 * DAY_MS;
const NEW_FICTIONS_WINDOW_MS = 7 * DAY_MS;

const pacificClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHEDULE_TIMEZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** Every job the admin page reports on: the scheduled ones, then single-fiction scrapes. */
const REPORTED_JOBS = [
  ...SCHEDULE.map((entry) => ({ job: entry.job, description: entry.description, entry })),
  { job: 'fiction', description: 'one fiction, on request (manual scrapes and refreshes)', entry: null },
] as const;

export function adminRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    services: Pick<Services, 'runs'>;
    guards: AuthGuards;
    adminEmails: readonly string[];
    payments: Pick<PaymentsService, 'coffeeRevenue'>;
    now: () => Date;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repository = adminRepository(deps.database.db, deps.database.dialect);
  const security = [{ bearer: [] }];

  // An ADMIN_EMAILS address makes an administrator only once its owner proved it.
  const toRow = <T extends { email: string; admin: boolean; email_verified_at: string | null }>({
    email_verified_at,
    ...row
  }: T) => {
    const fixed = email_verified_at !== null && deps.adminEmails.includes(row.email);
    return { ...row, admin: row.admin || fixed, admin_fixed: fixed };
  };

  async function scrapeHealth(now: Date): Promise<ScrapeHealth[]> {
    const latest = await deps.services.runs.latestPerJob(REPORTED_JOBS.map((entry) => entry.job));
    return REPORTED_JOBS.map(({ job, description, entry }) => {
      const row = latest.find((run) => run.job === job);
      const started = row?.started_at ? Date.parse(row.started_at) : null;
      const ended = row?.finished_at ? Date.parse(row.finished_at) : now.getTime();
      return {
        job,
        description,
        last_run: row ? toJobRun(row) : null,
        last_duration_ms: started === null ? null : Math.max(0, ended - started),
        next_runs: entry
          ? nextRunTimes(entry, now, 2).map((at) => ({
              at: at.toISOString(),
              pacific: pacificClock.format(at),
            }))
          : [],
      };
    });
  }

  r.get(
    '/api/admin/statistics',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Site statistics and scrape health',
        security,
        response: responses({ 200: adminStatisticsResponse }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = deps.now();
      const [users, fictions, coffee, jobs] = await Promise.all([
        repository.userCounts(new Date(now.getTime() - ACTIVE_WINDOW_MS).toISOString()),
        repository.fictionCounts(new Date(now.getTime() - NEW_FICTIONS_WINDOW_MS).toISOString()),
        deps.payments.coffeeRevenue(),
        scrapeHealth(now),
      ]);
      return {
        success: true as const,
        data: {
          users,
          fiction: { total: fictions.total },
          coffee_donations: coffee,
          recent_activity: { new_fictions: fictions.recent },
          scraping: { timezone: SCHEDULE_TIMEZONE, jobs },
        },
      };
    },
  );

  r.get(
    '/api/admin/users',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Accounts with their list sizes, by creation time (newest first unless order=asc)',
        security,
        querystring: adminUsersQuery,
        response: responses({ 200: adminUsersResponse }),
      },
    },
    async (request) => {
      const { page, limit, q, order } = request.query;
      const { rows, total } = await repository.listUsers({
        search: q,
        order,
        offset: (page - 1) * limit,
        limit,
      });
      return {
        success: true as const,
        data: rows.map(toRow),
        pagination: paginationOf({ page, limit }, total),
      };
    },
  );

  r.put(
    '/api/admin/users/:id/admin',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Make an account an administrator or revoke it (never the last one, nor an ADMIN_EMAILS account)',
        security,
        params: idParams('id'),
        body: setAdminBody,
        response: responses({ 200: adminUserResponse }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { admin } = request.body;
      const current = await repository.userRow(id);
      if (!current) throw notFound(ADMIN_MESSAGES.userNotFound);
      if (!admin && toRow(current).admin_fixed) throw badRequest(ADMIN_MESSAGES.fixedAdmin);
      const outcome = await repository.setAdmin(id, admin, deps.adminEmails);
      if (outcome === 'missing') throw notFound(ADMIN_MESSAGES.userNotFound);
      if (outcome === 'last-admin') throw badRequest(ADMIN_MESSAGES.lastAdmin);
      const updated = await repository.userRow(id);
      if (!updated) throw notFound(ADMIN_MESSAGES.userNotFound);
      request.log.info({ userId: id, admin, by: request.user?.id }, 'admin flag changed');
      return { success: true as const, data: toRow(updated) };
    },
  );
}

import { adminStatisticsResponse, adminUsersQuery, adminUsersResponse, paginationOf } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import type { AuthGuards } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import { adminRepository } from './admin.repository.ts';

const ACTIVE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export function adminRoutes(
  app: FastifyInstance,
  deps: { database: Database; guards: AuthGuards; adminEmails: readonly string[]; now: () => Date },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repository = adminRepository(deps.database.db);
  const security = [{ bearer: [] }];

  r.get(
    '/api/admin/statistics',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Site statistics',
        security,
        response: responses({ 200: adminStatisticsResponse }),
      },
    },
    async () => {
      const activeSince = new Date(deps.now().getTime() - ACTIVE_WINDOW_MS).toISOString();
      return { success: true as const, data: { users: await repository.userCounts(activeSince) } };
    },
  );

  r.get(
    '/api/admin/users',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first',
        security,
        querystring: adminUsersQuery,
        response: responses({ 200: adminUsersResponse }),
      },
    },
    async (request) => {
      const { page, limit, q } = request.query;
      const { rows, total } = await repository.listUsers({ search: q, offset: (page - 1) * limit, limit });
      return {
        success: true as const,
        data: rows.map((row) => {
          const fixed = deps.adminEmails.includes(row.email);
          return { ...row, admin: row.admin || fixed, admin_fixed: fixed };
        }),
        pagination: paginationOf({ page, limit }, total),
      };
    },
  );
}

import {
  adminStatisticsResponse,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  idParams,
  paginationOf,
  setAdminBody,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { AdminService } from './admin.service.ts';

export function adminRoutes(app: FastifyInstance, deps: { admin: AdminService; guards: AuthGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { admin } = deps;
  const security = [{ bearer: [] }];

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
      return { success: true as const, data: await admin.statistics() };
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
      const { page, limit } = request.query;
      const { users, total } = await admin.users(request.query);
      return { success: true as const, data: users, pagination: paginationOf({ page, limit }, total) };
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
      const { admin: makeAdmin } = request.body;
      const updated = await admin.setAdmin(id, makeAdmin);
      request.log.info({ userId: id, admin: makeAdmin, by: request.user?.id }, 'admin flag changed');
      return { success: true as const, data: updated };
    },
  );
}

import { idParams, jobRunResponse, jobRunsQuery, jobRunsResponse, paginationOf } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import type { AuthGuards } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { JobsService } from './jobs.service.ts';

/** The admin page's view of job runs. */
export function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService; guards: AuthGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.get(
    '/api/admin/jobs',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Job runs, newest first',
        security,
        querystring: jobRunsQuery,
        response: responses({ 200: jobRunsResponse }),
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { runs, total } = await deps.jobs.list(request.query);
      return { success: true as const, data: runs, pagination: paginationOf({ page, limit }, total) };
    },
  );

  r.get(
    '/api/admin/jobs/:id',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One job run with its progress and result',
        security,
        params: idParams('id'),
        response: responses({ 200: jobRunResponse }),
      },
    },
    async (request) => {
      const run = await deps.jobs.get(request.params.id);
      if (!run) throw notFound('No job run has that id.');
      return { success: true as const, data: run };
    },
  );
}

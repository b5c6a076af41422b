import {
  idParams,
  type JobName,
  jobAccepted,
  jobRunResponse,
  jobRunsQuery,
  jobRunsResponse,
  paginationOf,
  refreshStatusResponse,
  royalroadIdParam,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, serviceUnavailable } from '../../errors.ts';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { Services } from '../../services.ts';
import { toJobRun } from '../jobs/job-run.mapper.ts';
import { refreshService } from './refresh.service.ts';

/** How long a single-fiction refresh may take before we answer 202 and let the client poll. */
const REFRESH_WAIT_MS = 10_000;

export function scrapeRoutes(
  app: FastifyInstance,
  deps: { services: Services; guards: AuthGuards; now: () => Date },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { runner, runs } = deps.services;
  const refresh = refreshService({ ...deps.services, queues: deps.services.client.queues, now: deps.now });
  const security = [{ bearer: [] }];

  async function accept(job: JobName, trigger: 'manual', params: Record<string, unknown>) {
    const id = await runner.enqueue(job, { trigger, params });
    const row = id === null ? undefined : await runs.get(id);
    if (!row) throw serviceUnavailable();
    return row;
  }

  r.post(
    '/api/admin/manual-scrape/:royalroadId',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Scrape one fiction now (answers 202 with the job)',
        security,
        params: royalroadIdParam,
        response: responses({ 202: jobAccepted }),
      },
    },
    async (request, reply) => {
      const row = await accept('fiction', 'manual', { royalroadId: request.params.royalroadId });
      return reply.code(202).send({ success: true, data: { jobId: row.id, job: toJobRun(row) } });
    },
  );

  r.post(
    '/api/admin/trigger/rising-stars-scrape',
    {
      preHandler: deps.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Capture every Rising Stars list now (answers 202 with the job)',
        security,
        response: responses({ 202: jobAccepted }),
      },
    },
    async (_request, reply) => {
      // One capture at a time: a second click (or a click during the scheduled run) follows the one under way.
      const id = await runner.enqueueUnlessActive('rising-stars', { trigger: 'manual' });
      const row = await runs.get(id);
      if (!row) throw serviceUnavailable();
      return reply.code(202).send({ success: true, data: { jobId: row.id, job: toJobRun(row) } });
    },
  );

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
      const { page, limit, job } = request.query;
      const { rows, total } = await runs.list({ offset: (page - 1) * limit, limit, job });
      return {
        success: true as const,
        data: rows.map(toJobRun),
        pagination: paginationOf({ page, limit }, total),
      };
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
      const row = await runs.get(request.params.id);
      if (!row) throw notFound('No job run has that id.');
      return { success: true as const, data: toJobRun(row) };
    },
  );

  r.post(
    '/api/fictions/:royalroadId/refresh',
    {
      preHandler: [
        deps.guards.requireUser,
        // The daily limit is the real one; this only keeps a reader from hammering the server.
        app.rateLimit({
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (request) => `refresh:${request.user?.id ?? request.ip}`,
        }),
      ],
      schema: {
        tags: ['fictions'],
        summary:
          'Refresh one fiction from Royal Road (data older than 6 hours, 10 a day per reader): the result within 10 s, else 202 with the job, followed at GET …/refresh',
        security,
        params: royalroadIdParam,
        response: responses({ 200: jobRunResponse, 202: jobAccepted }),
      },
    },
    async (request, reply) => {
      const row = await refresh.request(currentUser(request).id, request.params.royalroadId);
      const finished = await runner.waitFor(row.id, REFRESH_WAIT_MS);
      if (finished && finished.status !== 'queued' && finished.status !== 'running') {
        return reply.code(200).send({ success: true, data: toJobRun(finished) });
      }
      return reply.code(202).send({ success: true, data: { jobId: row.id, job: toJobRun(finished ?? row) } });
    },
  );

  r.get(
    '/api/fictions/:royalroadId/refresh',
    {
      preHandler: deps.guards.requireUser,
      schema: {
        tags: ['fictions'],
        summary:
          'Whether you may refresh this fiction now, how many refreshes you have left today, and its refresh under way or your latest',
        security,
        params: royalroadIdParam,
        response: responses({ 200: refreshStatusResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await refresh.status(currentUser(request).id, request.params.royalroadId),
    }),
  );
}

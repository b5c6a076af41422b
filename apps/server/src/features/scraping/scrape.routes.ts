import {
  createFictionBody,
  fictionResponse,
  jobAccepted,
  jobRunResponse,
  refreshStatusResponse,
  royalroadIdParam,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { requesterOf } from '../../http/requester.ts';
import { responses } from '../../http/responses.ts';
import type { RefreshService } from './refresh.service.ts';
import type { ScrapingService } from './scraping.service.ts';

/** Reading fictions and lists from Royal Road on request: adding a fiction, refreshes, administrators' scrapes. */
export function scrapeRoutes(
  app: FastifyInstance,
  deps: { scraping: ScrapingService; refresh: RefreshService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scraping, refresh } = deps;
  const security = [{ bearer: [] }];

  r.post(
    '/api/fictions',
    {
      preHandler: deps.guards.requireUser,
      schema: {
        tags: ['fictions'],
        summary: 'Look a fiction up by Royal Road link or id, fetching it from Royal Road when it is new',
        security,
        body: createFictionBody,
        response: responses({ 200: fictionResponse }),
      },
    },
    async (request) => {
      const royalroadId = 'url' in request.body ? request.body.url : request.body.royalroadId;
      return {
        success: true as const,
        data: await scraping.findOrImport(royalroadId, requesterOf(request)),
      };
    },
  );

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
      const job = await scraping.manualScrape(request.params.royalroadId);
      return reply.code(202).send({ success: true, data: { jobId: job.id, job } });
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
      const job = await scraping.captureRisingStars();
      return reply.code(202).send({ success: true, data: { jobId: job.id, job } });
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
      const { finished, job } = await refresh.refresh(currentUser(request).id, request.params.royalroadId);
      if (finished) return reply.code(200).send({ success: true, data: job });
      return reply.code(202).send({ success: true, data: { jobId: job.id, job } });
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

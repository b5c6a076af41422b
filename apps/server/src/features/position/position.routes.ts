import { latestScrapeResponse, positionResultResponse, royalroadIdParam } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requesterOf } from '../../http/requester.ts';
import { responses } from '../../http/responses.ts';
import type { PositionService } from './position.service.ts';

/** The Position Calculator's API (public). */
export function positionRoutes(app: FastifyInstance, deps: { position: PositionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rising-stars'];
  const { position } = deps;

  r.get(
    '/api/rising-stars-position/latest-scrape',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary: 'The capture the calculator works from',
        response: responses({ 200: latestScrapeResponse }),
      },
    },
    async () => ({ success: true as const, data: await position.latestScrape() }),
  );

  r.get(
    '/api/rising-stars-position/:royalroadId',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary:
          'Where a fiction stands on Rising Stars, with an estimate of its main-list position; a fiction new to the site is looked up on Royal Road first (10 an hour per address)',
        params: royalroadIdParam,
        response: responses({ 200: positionResultResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await position.positionFor(request.params.royalroadId, requesterOf(request)),
    }),
  );
}

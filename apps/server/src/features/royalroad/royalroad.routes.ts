import { popularFictionsResponse, profileIdParam, royalroadProfileResponse } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requesterOf } from '../../http/requester.ts';
import { responses } from '../../http/responses.ts';
import type { RoyalroadService } from './royalroad.service.ts';

/** What comes straight from Royal Road: its popular list and author profiles. */
export function royalroadRoutes(app: FastifyInstance, deps: { royalroad: RoyalroadService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['royalroad'];

  r.get(
    '/api/royalroad/popular',
    {
      schema: {
        tags,
        summary: "Royal Road's popular list (refreshed hourly)",
        response: responses({ 200: popularFictionsResponse }),
      },
    },
    async (_request, reply) => {
      const data = await deps.royalroad.popular();
      reply.header('cache-control', 'public, max-age=300');
      return { success: true as const, data, message: `${data.length} popular fictions from Royal Road` };
    },
  );

  r.get(
    '/api/royalroad/user/:id',
    {
      // Each new profile id is a request to Royal Road: visitors may not queue many of them.
      preHandler: app.rateLimit({
        max: 20,
        timeWindow: 60_000,
        keyGenerator: (request) => `profile:${request.ip}`,
      }),
      schema: {
        tags,
        summary: 'An author profile on Royal Road (refreshed hourly)',
        params: profileIdParam,
        response: responses({ 200: royalroadProfileResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.royalroad.profile(request.params.id, requesterOf(request)),
    }),
  );
}

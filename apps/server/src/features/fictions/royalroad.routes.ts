import {
  addFictionBody,
  addFictionResponse,
  popularFictionsResponse,
  profileIdParam,
  royalroadProfileResponse,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { requesterOf } from '../../http/requester.ts';
import { responses } from '../../http/responses.ts';
import type { CatalogService } from './catalog.service.ts';

/** What comes straight from Royal Road: adding by link, its popular list, author profiles. */
export function royalroadRoutes(app: FastifyInstance, deps: { catalog: CatalogService; guards: AuthGuards }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['royalroad'];

  r.post(
    '/api/royalroad/add-fiction',
    {
      preHandler: deps.guards.requireUser,
      schema: {
        tags,
        summary: 'Add a fiction to your list by its Royal Road link (as a favorite, last in your order)',
        security: [{ bearer: [] }],
        body: addFictionBody,
        response: responses({ 201: addFictionResponse }),
      },
    },
    async (request, reply) => {
      const data = await deps.catalog.addToList(
        currentUser(request).id,
        request.body.url,
        requesterOf(request),
      );
      return reply.code(201).send({ success: true, data });
    },
  );

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
      const data = await deps.catalog.popular();
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
      data: await deps.catalog.profile(request.params.id, requesterOf(request)),
    }),
  );
}

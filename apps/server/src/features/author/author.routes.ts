import { fictionEventsResponse, projectionResponse, royalroadIdParam } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { responses } from '../../http/responses.ts';
import type { AuthorService } from './author.service.ts';

/** What authors ask of their public numbers: what changed on their fiction, where its followers are heading. */
export function authorRoutes(app: FastifyInstance, deps: { author: AuthorService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/fictions/:royalroadId/events',
    {
      config: { publicCache: 60 },
      schema: {
        tags: ['analytics'],
        summary:
          'What changed on a fiction, detected by comparing each capture and page read with the one before: chapters, Rising Stars entries and exits, milestones, title, cover, description, tags and status',
        params: royalroadIdParam,
        response: responses({ 200: fictionEventsResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.author.events(request.params.royalroadId),
    }),
  );

  r.get(
    '/api/fictions/:royalroadId/projection',
    {
      config: { publicCache: 60 },
      schema: {
        tags: ['analytics'],
        summary:
          'Followers projected at +7, +30 and +90 days with 80 % intervals, the next milestones and when the main list would be reached at this pace',
        params: royalroadIdParam,
        response: responses({ 200: projectionResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.author.projection(request.params.royalroadId),
    }),
  );
}

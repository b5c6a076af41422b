import { fictionSearchQuery, fictionSearchResponse, moversQuery, moversResponse } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { responses } from '../../http/responses.ts';
import type { DiscoveryService } from './discovery.service.ts';

export function discoveryRoutes(app: FastifyInstance, deps: { discovery: DiscoveryService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fictions'];

  r.get(
    '/api/fictions/search',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary:
          'Search and browse every fiction we know: words match title, author and tags (description weighted lower), with filters and sorts; an empty q browses everything',
        querystring: fictionSearchQuery,
        response: responses({ 200: fictionSearchResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await deps.discovery.search(request.query) }),
  );

  r.get(
    '/api/fictions/movers',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary:
          'The biggest follower gains over 1, 7 or 30 days up to the latest snapshot, overall or in a genre, and the fictions new on and gone from Rising Stars since the previous capture',
        querystring: moversQuery,
        response: responses({ 200: moversResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await deps.discovery.movers(request.query) }),
  );
}

import {
  analyticsQuery,
  compareQuery,
  compareResponse,
  fictionAnalyticsResponse,
  royalroadIdParam,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { responses } from '../../http/responses.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** Author analytics (public): growth per day and per chapter, peers, Rising Stars context, comparisons. */
export function analyticsRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];

  r.get(
    '/api/fictions/:royalroadId/analytics',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary:
          'Growth per day and per chapter, release cadence, percentiles among peers and Rising Stars context',
        params: royalroadIdParam,
        querystring: analyticsQuery,
        response: responses({ 200: fictionAnalyticsResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.analytics.fictionAnalytics(request.params.royalroadId, request.query.range),
    }),
  );

  r.get(
    '/api/compare',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary: 'Up to 6 fictions side by side, by days since their first chapter or by date',
        querystring: compareQuery,
        response: responses({ 200: compareResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.analytics.compare(request.query.ids, request.query.align),
    }),
  );
}

import {
  fictionHistoryResponse,
  fictionListResponse,
  fictionPageResponse,
  fictionResponse,
  historyQuery,
  pageQuery,
  paginationOf,
  rankingQuery,
  royalroadIdParam,
  siteFictionsResponse,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withDatesInRange } from '../../http/query-dates.ts';
import { responses } from '../../http/responses.ts';
import type { FictionsService } from './fictions.service.ts';

/** The public reads of the fictions the site knows. */
export function fictionsRoutes(app: FastifyInstance, deps: { fictions: FictionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fictions'];
  const { fictions } = deps;

  r.get(
    '/api/fictions',
    {
      schema: {
        tags,
        summary: 'Every fiction we know, most followed first',
        querystring: pageQuery,
        response: responses({ 200: fictionPageResponse }),
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const found = await fictions.page({ page, limit });
      return {
        success: true as const,
        data: { fictions: found.fictions, pagination: paginationOf({ page, limit }, found.total) },
      };
    },
  );

  r.get(
    '/api/fictions/top',
    {
      schema: {
        tags,
        summary: 'Best overall score first (ties by followers)',
        querystring: rankingQuery,
        response: responses({ 200: fictionListResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await fictions.top(request.query.limit),
    }),
  );

  r.get(
    '/api/fictions/popular',
    {
      schema: {
        tags,
        summary: 'Most followers first (ties by score)',
        querystring: rankingQuery,
        response: responses({ 200: fictionListResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await fictions.popular(request.query.limit),
    }),
  );

  r.get(
    '/api/fictions/popular-by-users',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary: 'The fictions most readers of this site keep in their lists',
        querystring: rankingQuery,
        response: responses({ 200: siteFictionsResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await fictions.popularByUsers(request.query.limit),
    }),
  );

  r.get(
    '/api/fictions/:royalroadId',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary: 'One fiction by its Royal Road id',
        params: royalroadIdParam,
        response: responses({ 200: fictionResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await fictions.get(request.params.royalroadId) }),
  );

  r.get(
    '/api/fictions/:royalroadId/history',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary:
          'Statistics over time, oldest first (one point a day beyond 90 days, one a week beyond a year)',
        params: royalroadIdParam,
        querystring: withDatesInRange(historyQuery, ['from', 'to']),
        response: responses({ 200: fictionHistoryResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await fictions.history(request.params.royalroadId, request.query),
    }),
  );
}

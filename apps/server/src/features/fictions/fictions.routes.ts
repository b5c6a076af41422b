import {
  createFictionBody,
  fictionHistoryResponse,
  fictionListResponse,
  fictionPageResponse,
  fictionResponse,
  fictionSearchQuery,
  historyQuery,
  pageQuery,
  paginationOf,
  rankingQuery,
  royalroadIdParam,
  siteFictionsResponse,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import type { AuthGuards } from '../../http/auth-guards.ts';
import { checkQueryDates } from '../../http/query-dates.ts';
import { requesterOf } from '../../http/requester.ts';
import { responses } from '../../http/responses.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { CatalogService } from './catalog.service.ts';
import { toFiction } from './fiction.mapper.ts';
import type { FictionsRepository } from './fictions.repository.ts';
import { downsampleHistory } from './history.ts';

export function fictionsRoutes(
  app: FastifyInstance,
  deps: { fictions: FictionsRepository; catalog: CatalogService; guards: AuthGuards; now: () => Date },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fictions'];
  const { fictions, catalog } = deps;
  // Readers' lists change all the time; a few seconds of staleness is fine for this ranking.
  const popularByUsers = new TtlCache<Awaited<ReturnType<FictionsRepository['popularByUsers']>>>({
    ttlMs: 5_000,
  });
  const history = new TtlCache<Awaited<ReturnType<FictionsRepository['snapshots']>>>({
    ttlMs: 10 * 60_000,
    maxEntries: 1_000,
    // At most this many snapshots in memory (a fiction has one a day).
    maxWeight: 50_000,
    weigh: (snapshots) => snapshots.length,
  });

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
      const { rows, total } = await fictions.page({ offset: (page - 1) * limit, limit });
      return {
        success: true as const,
        data: { fictions: rows.map(toFiction), pagination: paginationOf({ page, limit }, total) },
      };
    },
  );

  r.get(
    '/api/fictions/search',
    {
      schema: {
        tags,
        summary: 'Fictions by title or author',
        querystring: fictionSearchQuery,
        response: responses({ 200: fictionPageResponse }),
      },
    },
    async (request) => {
      const { page, limit, q } = request.query;
      const { rows, total } = await fictions.search({ q, offset: (page - 1) * limit, limit });
      return {
        success: true as const,
        data: { fictions: rows.map(toFiction), pagination: paginationOf({ page, limit }, total) },
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
      data: (await fictions.top(request.query.limit)).map(toFiction),
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
      data: (await fictions.popular(request.query.limit)).map(toFiction),
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
      data: await popularByUsers.get(String(request.query.limit), () =>
        fictions.popularByUsers(request.query.limit),
      ),
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
    async (request) => {
      const row = await fictions.findByRoyalroadId(request.params.royalroadId);
      if (!row) throw notFound('Fiction not found');
      return { success: true as const, data: toFiction(row) };
    },
  );

  r.get(
    '/api/fictions/:royalroadId/history',
    {
      config: { publicCache: 60 },
      schema: {
        tags,
        summary: 'Statistics over time, oldest first (one point a day beyond 90 days)',
        params: royalroadIdParam,
        querystring: historyQuery,
        response: responses({ 200: fictionHistoryResponse }),
      },
    },
    async (request) => {
      checkQueryDates(request.query);
      const row = await fictions.findByRoyalroadId(request.params.royalroadId);
      if (!row) throw notFound('Fiction not found');
      // Keyed by the fiction's last change, so a new snapshot is never hidden by the cache.
      const key = `${row.id}|${row.updated_at}|${request.query.from ?? ''}|${request.query.to ?? ''}`;
      const points = await history.get(key, () => fictions.snapshots(row.id, request.query));
      return {
        success: true as const,
        data: {
          fiction_id: row.id,
          royalroad_id: row.royalroad_id,
          points: downsampleHistory(points, deps.now()),
        },
      };
    },
  );

  r.post(
    '/api/fictions',
    {
      preHandler: deps.guards.requireUser,
      schema: {
        tags,
        summary: 'Look a fiction up by Royal Road link or id, fetching it from Royal Road when it is new',
        security: [{ bearer: [] }],
        body: createFictionBody,
        response: responses({ 200: fictionResponse }),
      },
    },
    async (request) => {
      const royalroadId = 'url' in request.body ? request.body.url : request.body.royalroadId;
      return {
        success: true as const,
        data: toFiction(await catalog.findOrScrape(royalroadId, requesterOf(request))),
      };
    },
  );
}

import {
  latestScrapeResponse,
  type PositionResult,
  positionResultResponse,
  royalroadIdParam,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requesterOf } from '../../http/requester.ts';
import { responses } from '../../http/responses.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { CatalogService } from '../fictions/catalog.service.ts';
import type { FictionsRepository } from '../fictions/fictions.repository.ts';
import { captureVersion } from '../rising-stars/capture-version.ts';
import type { RisingStarsRepository } from '../rising-stars/rising-stars.repository.ts';
import { positionService } from './position.service.ts';

/** The Position Calculator's API (public). */
export function positionRoutes(
  app: FastifyInstance,
  deps: { fictions: FictionsRepository; risingStars: RisingStarsRepository; catalog: CatalogService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rising-stars'];
  const version = captureVersion(deps.risingStars);
  const position = positionService(deps);
  const results = new TtlCache<PositionResult>({
    ttlMs: 10 * 60_000,
    maxEntries: 2_000,
  });

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
    async () => {
      const latest = await deps.risingStars.latestCapture();
      if (!latest) return { success: true as const, data: { captured_at: null, genres: [], fictions: 0 } };
      const entries = await deps.risingStars.captureEntries(latest.id);
      return {
        success: true as const,
        data: {
          captured_at: latest.captured_at,
          genres: [...new Set(entries.map((entry) => entry.genre))],
          fictions: new Set(entries.map((entry) => entry.fiction_id)).size,
        },
      };
    },
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
    async (request) => {
      const { royalroadId } = request.params;
      const data = await results.get(`${await version()}|${royalroadId}`, () =>
        position.positionFor(royalroadId, requesterOf(request)),
      );
      return { success: true as const, data };
    },
  );
}

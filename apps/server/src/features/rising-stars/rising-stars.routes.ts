import {
  dateRangeQuery,
  dateRangeResponse,
  idParams,
  MAX_RANGE_DAYS,
  mainListResponse,
  risingStarsForFictionResponse,
  risingStarsLatestQuery,
  risingStarsLatestResponse,
  risingStarsRangeQuery,
  risingStarsRangeResponse,
  risingStarsTopQuery,
  risingStarsTopResponse,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../errors.ts';
import { checkQueryDates } from '../../http/query-dates.ts';
import { responses } from '../../http/responses.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { captureVersion } from './capture-version.ts';
import { buildMainList } from './main-list.ts';
import type { RisingStarsRepository } from './rising-stars.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows of Rising Stars answers kept in memory at most (a few tens of megabytes). */
const CACHED_ROWS = 50_000;

/** The rows of an answer: a list of records, or an object holding its entries. */
function rowsIn(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  const entries = (value as { entries?: unknown } | null)?.entries;
  if (Array.isArray(entries)) return entries.length;
  const badges = (value as { data?: { badges?: object } } | null)?.data?.badges;
  return badges ? Object.keys(badges).length : 1;
}

/** Public read API of the Rising Stars history. */
export function risingStarsRoutes(
  app: FastifyInstance,
  deps: { risingStars: RisingStarsRepository; now: () => Date },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rising-stars'];
  // Answers are kept per address and capture: a new capture makes every key new.
  const version = captureVersion(deps.risingStars);
  const cache = new TtlCache<unknown>({
    ttlMs: 5 * 60_000,
    maxEntries: 2_000,
    // Weighed in rows: a 90-day window of one list is 18,000 of them.
    maxWeight: CACHED_ROWS,
    weigh: rowsIn,
  });
  const cached = async <T>(url: string, load: () => Promise<T>): Promise<T> =>
    (await cache.get(`${await version()}|${url}`, load)) as T;
  const publicCache = { publicCache: 60 };

  r.get(
    '/api/rising-stars',
    {
      config: publicCache,
      schema: {
        tags,
        summary: `Every entry of one list between two dates (at most ${MAX_RANGE_DAYS} days; default the last 7)`,
        querystring: risingStarsRangeQuery,
        response: responses({ 200: risingStarsRangeResponse }),
      },
    },
    async (request) => {
      const { genre } = request.query;
      checkQueryDates({ startDate: request.query.startDate, endDate: request.query.endDate });
      const end = request.query.endDate ?? deps.now().toISOString();
      const start = request.query.startDate ?? new Date(Date.parse(end) - 7 * DAY_MS).toISOString();
      if (Date.parse(start) > Date.parse(end)) throw badRequest('startDate must be before endDate.');
      if (Date.parse(end) - Date.parse(start) > MAX_RANGE_DAYS * DAY_MS) {
        throw badRequest(`The date range may span at most ${MAX_RANGE_DAYS} days.`);
      }
      // Without an end date the range moves with the clock: only cache explicit ranges.
      const entries = request.query.endDate
        ? await cached(request.url, () => deps.risingStars.range({ genre, start, end }))
        : await deps.risingStars.range({ genre, start, end });
      return { success: true as const, data: { genre, start, end, entries } };
    },
  );

  r.get(
    '/api/rising-stars/latest',
    {
      config: publicCache,
      schema: {
        tags,
        summary:
          'The latest capture; with fictionIds, the badge data of those fictions (latest and previous position per list)',
        querystring: risingStarsLatestQuery,
        response: responses({ 200: risingStarsLatestResponse }),
      },
    },
    async (request) => {
      const { fictionIds, genre } = request.query;
      if (fictionIds) {
        // A reader's whole list asks at once: kept per capture, and readers asking together share one query.
        return cached(request.url, async () => {
          const { capturedAt, badges } = await deps.risingStars.badges(fictionIds);
          return {
            success: true as const,
            data: {
              captured_at: capturedAt,
              badges: Object.fromEntries([...badges].map(([id, list]) => [String(id), list])),
            },
          };
        });
      }
      const { capturedAt, entries } = await cached(request.url, () => deps.risingStars.latestEntries(genre));
      return { success: true as const, data: { captured_at: capturedAt, entries } };
    },
  );

  r.get(
    '/api/rising-stars/fiction/:fictionId',
    {
      config: publicCache,
      schema: {
        tags,
        summary: 'Every place a fiction held on any list, oldest first',
        params: idParams('fictionId'),
        response: responses({ 200: risingStarsForFictionResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await cached(request.url, () => deps.risingStars.recordsForFiction(request.params.fictionId)),
    }),
  );

  r.get(
    '/api/rising-stars/fiction-date-range',
    {
      config: publicCache,
      schema: {
        tags,
        summary: 'First and last capture a fiction was on one list',
        querystring: dateRangeQuery,
        response: responses({ 200: dateRangeResponse }),
      },
    },
    async (request) => {
      const { fictionId, genre } = request.query;
      const range = await deps.risingStars.dateRange(fictionId, genre);
      if (!range)
        throw notFound(
          `That fiction has never been on the ${genre === 'main' ? 'main' : genre} Rising Stars list.`,
        );
      return {
        success: true as const,
        data: { first_captured_at: range.first, last_captured_at: range.last, captures: range.captures },
      };
    },
  );

  r.get(
    '/api/rising-stars-main',
    {
      config: publicCache,
      schema: {
        tags,
        summary: 'The 50 fictions of the latest main list with best position, days on list and movement',
        response: responses({ 200: mainListResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await cached(request.url, () => buildMainList(deps.risingStars)),
    }),
  );

  r.get(
    '/api/rising-stars/top',
    {
      config: publicCache,
      schema: {
        tags,
        summary: 'The top of the main list at the latest capture',
        querystring: risingStarsTopQuery,
        response: responses({ 200: risingStarsTopResponse }),
      },
    },
    async (request) => {
      const { capturedAt, entries } = await cached(request.url, () =>
        deps.risingStars.top(request.query.limit),
      );
      return { success: true as const, data: { captured_at: capturedAt, entries } };
    },
  );
}

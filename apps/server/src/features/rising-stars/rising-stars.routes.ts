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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withDatesInRange } from '../../http/query-dates.ts';
import { responses } from '../../http/responses.ts';
import type { RisingStarsService } from './rising-stars.service.ts';

/** Public read API of the Rising Stars history. */
export function risingStarsRoutes(app: FastifyInstance, deps: { risingStars: RisingStarsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rising-stars'];
  const { risingStars } = deps;
  const publicCache = { publicCache: 60 };

  r.get(
    '/api/rising-stars',
    {
      config: publicCache,
      schema: {
        tags,
        summary: `Every entry of one list between two dates (at most ${MAX_RANGE_DAYS} days; default the last 7)`,
        querystring: withDatesInRange(risingStarsRangeQuery, ['startDate', 'endDate']),
        response: responses({ 200: risingStarsRangeResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await risingStars.range(request.query) }),
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
    async (request, reply) => {
      const { fictionIds } = request.query;
      if (!fictionIds) return { success: true as const, data: await risingStars.latest(request.query) };
      // A reader's whole list at once, often 400 KB: serialized (and checked) once per capture and list of
      // ids, then handed to the public cache as it is (it adds the ETag and keeps it for its 2 seconds).
      const body = await risingStars.badgesAnswer(fictionIds, (data) =>
        String(reply.serialize({ success: true as const, data })),
      );
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
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
      data: await risingStars.forFiction(request.params.fictionId),
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
    async (request) => ({
      success: true as const,
      data: await risingStars.dateRange(request.query.fictionId, request.query.genre),
    }),
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
    async () => ({ success: true as const, data: await risingStars.mainList() }),
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
    async (request) => ({ success: true as const, data: await risingStars.top(request.query.limit) }),
  );
}

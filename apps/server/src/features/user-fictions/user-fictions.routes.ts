import {
  addFictionBody,
  addFictionResponse,
  addUserFictionBody,
  favoritesPageResponse,
  favoritesQuery,
  idParams,
  pageQuery,
  paginationOf,
  progressBody,
  removedResponse,
  reorderBody,
  reorderResponse,
  statusParam,
  updateUserFictionBody,
  userFictionListResponse,
  userFictionPageResponse,
  userFictionResponse,
  userFictionStatsResponse,
} from '@rrc/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { sendEncoded } from '../../http/encoded-answer.ts';
import { matchesEtag } from '../../http/public-cache.ts';
import { requesterOf } from '../../http/requester.ts';
import { responses } from '../../http/responses.ts';
import type { UserFictionsService } from './user-fictions.service.ts';

/** A reader's own list. Every route is for the signed-in reader and touches only their rows. */
export function userFictionsRoutes(
  app: FastifyInstance,
  deps: { service: UserFictionsService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = { preHandler: deps.guards.requireUser };
  const tags = ['user fictions'];
  const security = [{ bearer: [] }];
  const { service } = deps;

  r.get(
    '/api/userFictions',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Your list, newest first',
        querystring: pageQuery,
        response: responses({ 200: userFictionPageResponse }),
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { userFictions, total } = await service.page(currentUser(request).id, { page, limit });
      return {
        success: true as const,
        data: { userFictions, pagination: paginationOf({ page, limit }, total) },
      };
    },
  );

  r.get(
    '/api/userFictions/status/:status',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Your list, one reading status',
        params: statusParam,
        querystring: pageQuery,
        response: responses({ 200: userFictionPageResponse }),
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { userFictions, total } = await service.page(currentUser(request).id, {
        page,
        limit,
        status: request.params.status,
      });
      return {
        success: true as const,
        data: { userFictions, pagination: paginationOf({ page, limit }, total) },
      };
    },
  );

  r.post(
    '/api/royalroad/add-fiction',
    {
      ...base,
      schema: {
        tags: ['royalroad'],
        summary: 'Add a fiction to your list by its Royal Road link (as a favorite, last in your order)',
        security,
        body: addFictionBody,
        response: responses({ 201: addFictionResponse }),
      },
    },
    async (request, reply) => {
      const data = await service.addFromRoyalRoad(
        currentUser(request).id,
        request.body.url,
        requesterOf(request),
      );
      return reply.code(201).send({ success: true, data });
    },
  );

  r.get(
    '/api/userFictions/favorites',
    {
      ...base,
      schema: {
        tags,
        security,
        summary:
          'Your favorites in your order (limit up to 1000), as their cards show them: the description cut to two lines, two tags',
        querystring: favoritesQuery,
        response: responses({ 200: favoritesPageResponse }),
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const userId = currentUser(request).id;
      // The dashboard asks for the whole list, often: the answer is kept as sent until the list or one
      // of its fictions changes, which a cheap query tells; the browser revalidates it with its ETag.
      const answer = await service.favoritesAnswer(userId, { page, limit }, ({ userFictions, total }) =>
        String(
          reply.serialize({
            success: true as const,
            data: { userFictions, pagination: paginationOf({ page, limit }, total) },
          }),
        ),
      );
      // Sent as they are: the bytes were serialized (and checked) when the answer was made.
      const raw = reply as FastifyReply;
      raw.header('cache-control', 'private, no-cache').header('etag', answer.etag);
      if (matchesEtag(request, answer.etag)) return raw.code(304).send();
      return sendEncoded(request, raw.type('application/json; charset=utf-8'), answer);
    },
  );

  r.get(
    '/api/userFictions/all',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Your whole list: favorites first, then newest',
        response: responses({ 200: userFictionListResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await service.all(currentUser(request).id) }),
  );

  r.get(
    '/api/userFictions/stats',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'How many fictions per reading status',
        response: responses({ 200: userFictionStatsResponse }),
      },
    },
    async (request) => ({ success: true as const, data: await service.stats(currentUser(request).id) }),
  );

  r.post(
    '/api/userFictions',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Add a known fiction to your list',
        body: addUserFictionBody,
        response: responses({ 201: userFictionResponse }),
      },
    },
    async (request, reply) => {
      const data = await service.add(currentUser(request).id, request.body.fiction_id, request.body.status);
      return reply.code(201).send({ success: true, data });
    },
  );

  r.post(
    '/api/userFictions/favorites/reorder',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Put your favorites in a new order (all of them, exactly once)',
        body: reorderBody,
        response: responses({ 200: reorderResponse }),
      },
    },
    async (request) => {
      await service.reorder(currentUser(request).id, request.body.fictionIds);
      return { success: true as const, data: { fictionIds: request.body.fictionIds } };
    },
  );

  r.put(
    '/api/userFictions/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Change the reading status of a list entry',
        params: idParams('id'),
        body: updateUserFictionBody,
        response: responses({ 200: userFictionResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.setStatus(currentUser(request).id, request.params.id, request.body.status),
    }),
  );

  r.put(
    '/api/userFictions/:id/progress',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Record chapter progress',
        params: idParams('id'),
        body: progressBody,
        response: responses({ 200: userFictionResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.setProgress(
        currentUser(request).id,
        request.params.id,
        request.body.currentChapter,
        request.body.totalChapters,
      ),
    }),
  );

  r.delete(
    '/api/userFictions/:fictionId',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Remove a fiction that is not a favorite from your list',
        params: idParams('fictionId'),
        response: responses({ 200: removedResponse }),
      },
    },
    async (request) => {
      await service.remove(currentUser(request).id, request.params.fictionId);
      return { success: true as const, data: { removed: true as const } };
    },
  );

  r.post(
    '/api/userFictions/:fictionId/favorite',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Mark or unmark a favorite (adds the fiction to your list if needed)',
        params: idParams('fictionId'),
        response: responses({ 200: userFictionResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.toggleFavorite(currentUser(request).id, request.params.fictionId),
    }),
  );
}

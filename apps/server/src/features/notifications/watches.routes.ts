import {
  idParams,
  removedResponse,
  watchBody,
  watchListResponse,
  watchResponse,
  watchUpdateBody,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { NotificationsService } from './notifications.service.ts';

const royalroadParams = idParams('royalroadId', 'The Royal Road fiction id');

/** The fictions a reader watches: which events, through which channels. */
export function watchesRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications, guards } = deps;
  const base = { preHandler: guards.requireUser };
  const security = [{ bearer: [] }];
  const tags = ['notifications'];

  r.get(
    '/api/watches',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Fictions you watch',
        response: responses({ 200: watchListResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.watches(currentUser(request).id),
    }),
  );

  r.post(
    '/api/watches',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Watch a fiction: its events and channels',
        body: watchBody,
        response: responses({ 201: watchResponse }),
      },
    },
    async (request, reply) => {
      const { royalroad_id, ...choice } = request.body;
      const watch = await notifications.saveWatch(currentUser(request).id, royalroad_id, choice);
      return reply.code(201).send({ success: true as const, data: watch });
    },
  );

  r.get(
    '/api/watches/:royalroadId',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Your watch of one fiction',
        params: royalroadParams,
        response: responses({ 200: watchResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.watch(currentUser(request).id, request.params.royalroadId),
    }),
  );

  r.put(
    '/api/watches/:royalroadId',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Change the events and channels of a watch',
        params: royalroadParams,
        body: watchUpdateBody,
        response: responses({ 200: watchResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.saveWatch(currentUser(request).id, request.params.royalroadId, request.body, {
        existing: true,
      }),
    }),
  );

  r.delete(
    '/api/watches/:royalroadId',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Stop watching (a fiction of your list goes back to the default alerts)',
        params: royalroadParams,
        response: responses({ 200: removedResponse }),
      },
    },
    async (request) => {
      await notifications.deleteWatch(currentUser(request).id, request.params.royalroadId);
      return { success: true as const, data: { removed: true as const } };
    },
  );
}

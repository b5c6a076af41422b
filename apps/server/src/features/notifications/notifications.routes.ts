import {
  deliveryHealthResponse,
  markReadBody,
  markReadResponse,
  notificationPageResponse,
  notificationsQuery,
  paginationOf,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { DeliveryService } from './delivery.service.ts';
import type { NotificationsService } from './notifications.service.ts';

/** A reader's notifications (pages, marking read) and the outbox's health for administrators. */
export function notificationsRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService; delivery: DeliveryService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications, guards } = deps;
  const base = { preHandler: guards.requireUser };
  const security = [{ bearer: [] }];
  const tags = ['notifications'];

  r.get(
    '/api/notifications',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Your notifications, newest first',
        querystring: notificationsQuery,
        response: responses({ 200: notificationPageResponse }),
      },
    },
    async (request) => {
      const { page, limit, unread } = request.query;
      const found = await notifications.notifications(currentUser(request).id, { page, limit, unread });
      return {
        success: true as const,
        data: {
          notifications: found.notifications,
          unread: found.unread,
          pagination: paginationOf({ page, limit }, found.total),
        },
      };
    },
  );

  r.post(
    '/api/notifications/read',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Mark notifications read: some ({ids}) or all ({all: true})',
        body: markReadBody,
        response: responses({ 200: markReadResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.markRead(
        currentUser(request).id,
        'ids' in request.body ? request.body.ids : 'all',
      ),
    }),
  );

  r.get(
    '/api/admin/deliveries',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Alert deliveries of the last 24 hours by channel and status',
        response: responses({ 200: deliveryHealthResponse }),
      },
    },
    async () => ({ success: true as const, data: await deps.delivery.health() }),
  );
}

import {
  deliveryHealthResponse,
  feedTokenResponse,
  idParams,
  markReadBody,
  markReadResponse,
  notificationPageResponse,
  notificationSettingsBody,
  notificationSettingsResponse,
  notificationsQuery,
  paginationOf,
  unsubscribeQuery,
  unsubscribeResponse,
  watchBody,
  watchListResponse,
  watchResponse,
  watchUpdateBody,
  webhookBody,
  webhookCreatedResponse,
  webhookListResponse,
  webhookTestResponse,
} from '@rrc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { DeliveryService } from './delivery.service.ts';
import type { NotificationsService } from './notifications.service.ts';

const royalroadParams = idParams('royalroadId', 'The Royal Road fiction id');
const removedResponse = z.object({ success: z.literal(true), data: z.object({ removed: z.literal(true) }) });
const feedParams = z.object({
  file: z
    .string()
    .regex(/^\d{1,10}\.atom$/, 'The feed address must be /feeds/fictions/<Royal Road id>.atom.'),
});
const readerFeedParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.atom$/, 'The feed address must end in .atom.'),
});

/** How long a feed may be kept by readers and proxies; the server keeps it as any public answer. */
const FEED_MAX_AGE_SECONDS = 300;

/**
 * Sends an Atom document with its Last-Modified; the public cache adds the ETag, compresses it, keeps it for
 * the many requests of a busy minute and answers 304 to a reader whose copy is still good.
 */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: { xml: string; updated: string }) {
  const lastModified = new Date(feed.updated).toUTCString();
  reply.header('last-modified', lastModified);
  // A request with If-None-Match is answered by its ETag (the public cache's), never by the date.
  const since = request.headers['if-modified-since'];
  if (
    request.headers['if-none-match'] === undefined &&
    since &&
    Date.parse(since) >= Date.parse(lastModified)
  )
    return reply.code(304).send();
  return reply.type('application/atom+xml; charset=utf-8').send(feed.xml);
}

/** Watches, notifications, alert settings, webhooks, unsubscribing, Atom feeds and the outbox's health. */
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
    '/api/notification-settings',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Your alert settings: email, digest, private feed, failed deliveries',
        response: responses({ 200: notificationSettingsResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.settings(currentUser(request).id),
    }),
  );

  r.put(
    '/api/notification-settings',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Change your alert settings',
        body: notificationSettingsBody,
        response: responses({ 200: notificationSettingsResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.saveSettings(currentUser(request).id, request.body),
    }),
  );

  r.post(
    '/api/notification-settings/feed-token',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'A new address for your private feed (the old one stops working)',
        response: responses({ 200: feedTokenResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.regenerateFeedToken(currentUser(request).id),
    }),
  );

  r.get(
    '/api/webhooks',
    {
      ...base,
      schema: { tags, security, summary: 'Your webhooks', response: responses({ 200: webhookListResponse }) },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.webhooks(currentUser(request).id),
    }),
  );

  r.post(
    '/api/webhooks',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Add a webhook (json or discord); its signing secret is shown once',
        body: webhookBody,
        response: responses({ 201: webhookCreatedResponse }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await notifications.addWebhook(currentUser(request).id, request.body),
      }),
  );

  r.delete(
    '/api/webhooks/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Remove a webhook',
        params: idParams('id'),
        response: responses({ 200: removedResponse }),
      },
    },
    async (request) => {
      await notifications.deleteWebhook(currentUser(request).id, request.params.id);
      return { success: true as const, data: { removed: true as const } };
    },
  );

  r.post(
    '/api/webhooks/:id/test',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Send a test call to a webhook',
        params: idParams('id'),
        response: responses({ 202: webhookTestResponse }),
      },
    },
    async (request, reply) => {
      await notifications.testWebhook(currentUser(request).id, request.params.id);
      return reply.code(202).send({ success: true as const, data: { queued: true as const } });
    },
  );

  r.get(
    '/api/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Whose alert emails an unsubscribe link stops, and whether they still get them',
        querystring: unsubscribeQuery,
        response: responses({ 200: unsubscribeResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.unsubscribeStatus(request.query.token),
    }),
  );

  r.post(
    '/api/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Stop alert emails (one-click, RFC 8058): no sign-in, the signed token says whose',
        querystring: unsubscribeQuery,
        response: responses({ 200: unsubscribeResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.unsubscribe(request.query.token),
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

  r.get(
    '/feeds/fictions/:file',
    {
      config: { publicCache: FEED_MAX_AGE_SECONDS },
      schema: {
        tags: ['feeds'],
        summary: "A fiction's Atom feed: chapters, Rising Stars entries and exits, milestones",
        params: feedParams,
      },
    },
    async (request, reply) =>
      sendFeed(request, reply, await notifications.fictionFeed(Number(request.params.file.slice(0, -5)))),
  );

  r.get(
    '/feeds/me/:file',
    {
      config: { publicCache: FEED_MAX_AGE_SECONDS },
      schema: {
        tags: ['feeds'],
        summary: "A reader's private Atom feed of their alerts (the token is in the address)",
        params: readerFeedParams,
      },
    },
    async (request, reply) =>
      sendFeed(request, reply, await notifications.readerFeed(request.params.file.slice(0, -5))),
  );
}

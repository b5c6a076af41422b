import {
  alertWebhookResponse,
  feedTokenResponse,
  idParams,
  notificationSettingsBody,
  notificationSettingsResponse,
  removedResponse,
  unsubscribeQuery,
  unsubscribeResponse,
  webhookBody,
  webhookCreatedResponse,
  webhookListResponse,
  webhookTestResponse,
  webhookUpdateBody,
} from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUser } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { NotificationsService } from './notifications.service.ts';

/** A reader's alert settings: email and digest, the private feed's address, webhooks, and unsubscribing. */
export function alertSettingsRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications, guards } = deps;
  const base = { preHandler: guards.requireUser };
  const security = [{ bearer: [] }];
  const tags = ['notifications'];

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

  r.patch(
    '/api/webhooks/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Turn a webhook back on (after a pause or a failure, its reason is cleared) or off',
        params: idParams('id'),
        body: webhookUpdateBody,
        response: responses({ 200: alertWebhookResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.switchWebhook(
        currentUser(request).id,
        request.params.id,
        request.body.enabled,
      ),
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
}

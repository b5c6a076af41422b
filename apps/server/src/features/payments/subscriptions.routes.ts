import {
  billingPortalResponse,
  coffeeSubscriptionResponse,
  coffeeSubscriptionsResponse,
  subscriptionIdParams,
} from '@rrc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../http/auth-guards.ts';
import { currentUser } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const tags = ['payments'];
const security = [{ bearer: [] }];

/** A signed-in donor's Monthly Coffee Pods: see them, cancel or keep one, change its card. */
export function subscriptionsRoutes(
  app: FastifyInstance,
  deps: { subscriptions: SubscriptionsService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { subscriptions, guards } = deps;
  // Each change is a call to Stripe.
  const changeLimit = app.rateLimit({
    max: 20,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `subscriptions:${request.user?.id ?? request.ip}`,
  });

  r.get(
    '/api/stripe/subscriptions',
    {
      preHandler: [guards.requireUser],
      schema: {
        tags,
        summary: "The signed-in donor's monthly donations, newest first: running ones and ended ones",
        security,
        response: responses({ 200: coffeeSubscriptionsResponse }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await subscriptions.list(currentUser(request)) };
    },
  );

  r.post(
    '/api/stripe/subscriptions/:subscriptionId/cancel',
    {
      preHandler: [guards.requireUser, changeLimit],
      schema: {
        tags,
        summary: 'Cancel a monthly donation at the end of the month paid for (nothing more is charged)',
        security,
        params: subscriptionIdParams,
        response: responses({ 200: coffeeSubscriptionResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await subscriptions.cancel(currentUser(request), request.params.subscriptionId),
    }),
  );

  r.post(
    '/api/stripe/subscriptions/:subscriptionId/resume',
    {
      preHandler: [guards.requireUser, changeLimit],
      schema: {
        tags,
        summary: 'Keep a monthly donation that was set to end: it renews as before',
        security,
        params: subscriptionIdParams,
        response: responses({ 200: coffeeSubscriptionResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await subscriptions.resume(currentUser(request), request.params.subscriptionId),
    }),
  );

  r.post(
    '/api/stripe/subscriptions/:subscriptionId/portal',
    {
      preHandler: [guards.requireUser, changeLimit],
      schema: {
        tags,
        summary: "Open Stripe's customer portal to change a monthly donation's card; it returns to /coffee",
        security,
        params: subscriptionIdParams,
        response: responses({ 200: billingPortalResponse }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await subscriptions.cardPortal(currentUser(request), request.params.subscriptionId),
      };
    },
  );
}

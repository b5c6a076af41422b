import {
  createCoffeePaymentBody,
  createSponsorshipBody,
  paymentCreatedResponse,
  paymentStatusQuery,
  paymentStatusResponse,
  publicConfigResponse,
  webhookResponse,
} from '@rrc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../http/auth-guards.ts';
import { currentUser } from '../../http/auth-guards.ts';
import { responses } from '../../http/responses.ts';
import type { PaymentsService } from './payments.service.ts';

const tags = ['payments'];

export function paymentsRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentsService; guards: AuthGuards; emailEnabled: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { payments, guards } = deps;
  // Every new payment is a call to Stripe: nobody may start many of them.
  const startLimit = app.rateLimit({
    max: 20,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `payments:${request.ip}`,
  });

  r.get(
    '/api/config',
    {
      config: { publicCache: 60 },
      schema: {
        tags: ['health'],
        summary:
          'What the web app needs to know about this server (Stripe publishable key, contact address, whether it sends email)',
        response: responses({ 200: publicConfigResponse }),
      },
    },
    async () => ({
      success: true as const,
      data: {
        stripe_publishable_key: payments.publishableKey,
        donations_enabled: payments.enabled,
        contact_email: payments.contactEmail,
        email_enabled: deps.emailEnabled,
      },
    }),
  );

  r.post(
    '/api/stripe/create-coffee-payment',
    {
      preHandler: [startLimit, guards.optionalUser],
      schema: {
        tags,
        summary: 'Start a coffee donation: basic $5, fancy $10 (one-off) or monthly $50 (subscription)',
        body: createCoffeePaymentBody,
        response: responses({ 200: paymentCreatedResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.createCoffeePayment(request.body.paymentType, request.user),
    }),
  );

  r.post(
    '/api/stripe/create-payment',
    {
      preHandler: [guards.requireUser, startLimit],
      schema: {
        tags,
        summary: 'Start sponsoring a fiction (internal fiction id)',
        security: [{ bearer: [] }],
        body: createSponsorshipBody,
        response: responses({ 200: paymentCreatedResponse }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.createSponsorship(request.body.fictionId, currentUser(request)),
    }),
  );

  r.get(
    '/api/stripe/payment-status',
    {
      // Its donor (signed in) or the holder of its client secret; to anyone else it answers 404.
      preHandler: guards.optionalUser,
      schema: {
        tags,
        summary: 'Status, amount (dollars) and tier of a payment, for its donor or with its client secret',
        querystring: paymentStatusQuery,
        response: responses({ 200: paymentStatusResponse }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { paymentIntentId, client_secret: clientSecret } = request.query;
      return {
        success: true as const,
        data: await payments.paymentStatus(paymentIntentId, {
          userId: request.user?.id ?? null,
          clientSecret,
        }),
      };
    },
  );

  // Stripe signs the exact bytes it sends, so this route reads its body unparsed.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (signed): records payments, failures, invoices and refunds once each',
          response: responses({ 200: webhookResponse }),
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['stripe-signature'];
        const receipt = await payments.handleWebhook(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        request.log.info({ event: receipt.type, duplicate: receipt.duplicate }, 'stripe webhook');
        return { success: true as const, data: { received: receipt.received, duplicate: receipt.duplicate } };
      },
    );
  });
}

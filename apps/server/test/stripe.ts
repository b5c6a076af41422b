import { type FakeStripe, startFakeStripe } from '@rrc/fakes/stripe';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { fakeForFile } from './hooks.ts';
import { call, type TestApp } from './test-app.ts';

// Helpers for API tests that pay through the fake Stripe (@rrc/fakes/stripe).

/** The fake Stripe for the file: forgets its objects, requests and settings before each test. */
export function fakeStripeForFile(): FakeStripe {
  return fakeForFile(
    'the fake Stripe',
    () => startFakeStripe(),
    (fake) => fake.reset(),
  );
}

/** The real Stripe SDK, talking to the fake Stripe at `url`. */
export function stripeSdk(url: string, secretKey: string): Stripe {
  const target = new URL(url);
  return new Stripe(secretKey, {
    host: target.hostname,
    port: target.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

/** Posts an event to the app's webhook as Stripe does: the exact JSON, signed with `secret`. */
export function deliverEvent(t: TestApp, stripe: Stripe, event: object, secret: string) {
  const { deliveries: _, ...sent } = event as { deliveries?: unknown };
  const payload = JSON.stringify(sent);
  return call<{ success: boolean; data?: { duplicate: boolean }; error?: string }>(t.app, {
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

/**
 * Starts Monthly Coffee Pods through the app and pays the first month with a Visa at the fake Stripe, as
 * Stripe.js does in the browser. With a donor's token, the donor then lists their monthly coffee, which makes
 * the app ask Stripe about the payment (no webhook is delivered here).
 */
export async function payMonthlyCoffee(
  t: TestApp,
  stripeUrl: string,
  token?: string,
): Promise<{ paymentIntentId: string; subscriptionId: string }> {
  const started = await call<{ data: { paymentIntentId: string } }>(t.app, {
    method: 'POST',
    url: '/api/stripe/create-coffee-payment',
    token,
    payload: { paymentType: 'monthly' },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { paymentIntentId } = started.body.data;
  const confirmed = await fetch(`${stripeUrl}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.config.stripe.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'payment_method=pm_card_visa',
  });
  expect(confirmed.status).toBe(200);
  const row = await t.database.db
    .selectFrom('donations')
    .select('subscription_id')
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirstOrThrow();
  if (token) {
    const listed = await call(t.app, { method: 'GET', url: '/api/stripe/subscriptions', token });
    expect(listed.status).toBe(200);
  }
  return { paymentIntentId, subscriptionId: row.subscription_id ?? '' };
}

// Helpers for browser tests that pay: `useStripeStandIn` swaps Stripe.js for the local stand-in and routes
// api.stripe.com to the fake Stripe; the others read and steer the fake through its /__fake/ endpoints.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { type RecordedEvent, type RecordedRequest, STRIPE_JS_STAND_IN } from '@rrc/fakes/stripe';
import { FAKE_STRIPE_URL } from './fake-stripe-keys.ts';

export type { RecordedEvent, RecordedRequest } from '@rrc/fakes/stripe';
export { FAKE_STRIPE_PORT, FAKE_STRIPE_URL, STRIPE_TEST_KEYS } from './fake-stripe-keys.ts';

/**
 * Serves the Stripe.js stand-in for every https://js.stripe.com/ script (the app's `loadStripe` injects
 * https://js.stripe.com/endive/stripe.js), and answers https://api.stripe.com/ requests from the fake Stripe.
 * Call it before the page loads the app.
 */
export async function useStripeStandIn(target: Page | BrowserContext): Promise<void> {
  const script = await readFile(STRIPE_JS_STAND_IN, 'utf8');
  await target.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: script }),
  );
  await target.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    // Same method, headers and body; the fake's answer keeps its CORS headers.
    const response = await route.fetch({ url: `${FAKE_STRIPE_URL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** Stripe's test cards, formatted as a person types them. */
export const TEST_CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  expired: '4000 0000 0000 0069',
  incorrectCvc: '4000 0000 0000 0127',
  /** Fails the Luhn check: the stand-in calls it invalid before anything is sent. */
  badNumber: '4242 4242 4242 4241',
} as const;

export interface CardEntry {
  number?: string;
  /** `MM / YY` (`12/34` and `1234` work too). */
  expiry?: string;
  cvc?: string;
  zip?: string;
}

/** Fills the stand-in's card Element inside `scope` (a Visa expiring 12/34 unless told otherwise). */
export async function fillCard(scope: Page | Locator, card: CardEntry = {}): Promise<void> {
  await scope.getByLabel('Card number', { exact: true }).fill(card.number ?? TEST_CARDS.visa);
  await scope.getByLabel('Expiration date MM / YY', { exact: true }).fill(card.expiry ?? '12 / 34');
  await scope.getByLabel('CVC', { exact: true }).fill(card.cvc ?? '123');
  await scope.getByLabel('ZIP', { exact: true }).fill(card.zip ?? '12345');
}

async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${FAKE_STRIPE_URL}${path}`, {
    method,
    ...(body !== undefined && {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    }),
  });
  if (!response.ok) throw new Error(`fake Stripe refused ${method} ${path}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every event emitted so far (of one type if given), once the webhook deliveries queued so far are done. */
export function fakeStripeEvents(type?: string): Promise<RecordedEvent[]> {
  return control('GET', `/__fake/events${type ? `?type=${encodeURIComponent(type)}` : ''}`);
}

/** Every /v1/ request the fake has answered, with its decoded parameters and status. */
export function fakeStripeRequests(): Promise<RecordedRequest[]> {
  return control('GET', '/__fake/requests');
}

/** Any object the fake holds, by id (`pi_…`, `sub_…`, `in_…`, `cus_…`, …), as it stands now. */
export function fakeStripeObject<T = Record<string, unknown>>(id: string): Promise<T> {
  return control('GET', `/__fake/objects/${encodeURIComponent(id)}`);
}

/** Ends a subscription's period: a renewal invoice paid at once (with `paymentMethod`, e.g. a declining test id). */
export function renewFakeSubscription(id: string, paymentMethod?: string): Promise<Record<string, unknown>> {
  return control('POST', `/__fake/subscriptions/${encodeURIComponent(id)}/renew`, {
    ...(paymentMethod && { payment_method: paymentMethod }),
  });
}

/** Refunds a succeeded PaymentIntent as if from the Dashboard (all of it unless `amount` is given). */
export function refundFakePayment(paymentIntent: string, amount?: number): Promise<Record<string, unknown>> {
  return control('POST', '/__fake/refund', { payment_intent: paymentIntent, amount });
}

/** Delivers an event again (same id and payload), as Stripe retries do. */
export function resendFakeStripeEvent(id: string): Promise<RecordedEvent> {
  return control('POST', `/__fake/events/${encodeURIComponent(id)}/resend`, {});
}

/**
 * Forgets every object, request and event. Specs run two at a time against one fake, so prefer filtering
 * events by your own objects over resetting.
 */
export async function resetFakeStripe(): Promise<void> {
  await control('POST', '/__fake/reset', {});
}

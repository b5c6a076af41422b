import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { fakeStripeForFile, stripeSdk } from '../../../test/stripe.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_payment_access_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_payment_access_publishable',
  STRIPE_WEBHOOK_SECRET: 'whsec_payment_access_webhook_secret',
  CONTACT_EMAIL: 'coffee@example.com',
};

type Created = { clientSecret: string; paymentIntentId: string };

const fake = fakeStripeForFile();
let stripe: Stripe;
beforeAll(() => {
  stripe = stripeSdk(fake.url, KEYS.STRIPE_SECRET_KEY);
});
const t = testAppForEach(() => createTestApp({ ...KEYS, STRIPE_API_URL: fake.url }));

async function start(paymentType: string, token?: string): Promise<Created> {
  const response = await call<{ data: Created }>(t.app, {
    method: 'POST',
    url: '/api/stripe/create-coffee-payment',
    token,
    payload: { paymentType },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

function status(paymentIntentId: string, options: { token?: string; clientSecret?: string } = {}) {
  const secret = options.clientSecret ? `&client_secret=${options.clientSecret}` : '';
  return call<{ success: boolean; data?: unknown; error?: string }>(t.app, {
    method: 'GET',
    url: `/api/stripe/payment-status?paymentIntentId=${paymentIntentId}${secret}`,
    token: options.token,
  });
}

const notFound = { success: false, error: 'Payment not found.' };

describe('GET /api/stripe/payment-status', () => {
  it('answers the donor, signed in, and nobody else without the client secret', async () => {
    const donor = await registerUser(t.app);
    const other = await registerUser(t.app);
    const paid = await start('fancy', donor.token);

    const mine = await status(paid.paymentIntentId, { token: donor.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ success: true, data: { status: 'pending', amount: 10, tier: 'fancy' } });
    for (const token of [undefined, other.token]) {
      const response = await status(paid.paymentIntentId, { token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(notFound);
    }
  });

  it("shows a visitor's own payment to the browser holding its client secret, and to nobody else", async () => {
    const coffee = await start('basic');
    const another = await start('fancy');
    const reader = await registerUser(t.app);

    await stripe.paymentIntents.confirm(coffee.paymentIntentId, { payment_method: 'pm_card_visa' });
    const seen = await status(coffee.paymentIntentId, { clientSecret: coffee.clientSecret });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ success: true, data: { status: 'succeeded', amount: 5, tier: 'basic' } });

    for (const asking of [
      {},
      { token: reader.token },
      { clientSecret: another.clientSecret },
      { clientSecret: `${coffee.paymentIntentId}_secret_guessed0123456789` },
    ]) {
      const response = await status(coffee.paymentIntentId, asking);
      expect(response.status, JSON.stringify(asking)).toBe(404);
      expect(response.body).toEqual(notFound);
    }
  });

  it('shows the first payment of Monthly Coffee Pods to the browser that started them', async () => {
    const monthly = await start('monthly');
    const response = await status(monthly.paymentIntentId, { clientSecret: monthly.clientSecret });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ data: { tier: 'monthly', amount: 50 } });
  });

  it('keeps a hash of the client secret, never the secret, and shows older payments to their donor only', async () => {
    const donor = await registerUser(t.app);
    const paid = await start('basic', donor.token);
    const rows = await t.database.db.selectFrom('donations').selectAll().execute();
    expect(rows[0]?.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(paid.clientSecret);

    // A payment recorded before hashes were kept.
    await t.database.db.updateTable('donations').set({ client_secret_hash: null }).execute();
    expect((await status(paid.paymentIntentId, { clientSecret: paid.clientSecret })).status).toBe(404);
    expect((await status(paid.paymentIntentId, { token: donor.token })).status).toBe(200);
  });

  it('refuses a malformed client secret with 400 and a message', async () => {
    const coffee = await start('basic');
    const response = await status(coffee.paymentIntentId, { clientSecret: 'secret%20with%20spaces' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'client_secret must look like pi_…_secret_….' });
  });
});

describe('POST /api/stripe/webhook signature times', () => {
  /** A signed event about a new customer, signed as of `secondsFromNow`. */
  function deliverSignedAt(secondsFromNow: number, id: string) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_timing', object: 'customer' } },
    });
    const timestamp = Math.floor(Date.now() / 1000) + secondsFromNow;
    const signature = createHmac('sha256', KEYS.STRIPE_WEBHOOK_SECRET)
      .update(`${timestamp}.${payload}`, 'utf8')
      .digest('hex');
    return call<{ success: boolean; error?: string }>(t.app, {
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` },
      payload,
    });
  }

  it('refuses a signature dated more than five minutes ahead, and records nothing', async () => {
    const ahead = await deliverSignedAt(10 * 60, 'evt_from_the_future');
    expect(ahead.status).toBe(400);
    expect(ahead.body).toEqual({ success: false, error: 'The Stripe signature is dated in the future.' });
    const farAhead = await deliverSignedAt(365 * 86_400, 'evt_next_year');
    expect(farAhead.status).toBe(400);
    expect(await t.database.db.selectFrom('stripe_events').selectAll().execute()).toEqual([]);
  });

  it('refuses one older than five minutes, and accepts one within five minutes either way', async () => {
    expect((await deliverSignedAt(-10 * 60, 'evt_stale')).status).toBe(400);
    expect((await deliverSignedAt(-60, 'evt_a_minute_ago')).status).toBe(200);
    expect((await deliverSignedAt(60, 'evt_clock_a_minute_ahead')).status).toBe(200);
    const recorded = await t.database.db.selectFrom('stripe_events').select('id').orderBy('id').execute();
    expect(recorded.map((row) => row.id)).toEqual(['evt_a_minute_ago', 'evt_clock_a_minute_ahead']);
  });
});

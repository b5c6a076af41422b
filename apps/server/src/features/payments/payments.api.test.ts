import { MESSAGES } from '@rrc/contract';
import type Stripe from 'stripe';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { deliverEvent, fakeStripeForFile, stripeSdk } from '../../../test/stripe.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_api_suite_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_api_suite_publishable',
  STRIPE_WEBHOOK_SECRET: 'whsec_api_suite_webhook_secret',
};

type Created = { success: true; data: { clientSecret: string; paymentIntentId: string } };
type Failure = { success: false; error: string };
type StripeEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

const fake = fakeStripeForFile();
let stripe: Stripe;
beforeAll(() => {
  stripe = stripeSdk(fake.url, KEYS.STRIPE_SECRET_KEY);
});

describe('without Stripe keys', () => {
  const t = testAppForEach(() => createTestApp());

  it('says donations are off and answers 503 with the usual message', async () => {
    const config = await call(t.app, { method: 'GET', url: '/api/config' });
    expect(config.status).toBe(200);
    expect(config.body).toEqual({
      success: true,
      data: {
        stripe_publishable_key: null,
        donations_enabled: false,
        contact_email: null,
        email_enabled: false,
      },
    });
    for (const [url, payload] of [
      ['/api/stripe/create-coffee-payment', { paymentType: 'basic' }],
      ['/api/stripe/webhook', { id: 'evt_1' }],
    ] as const) {
      const response = await call<Failure>(t.app, { method: 'POST', url, payload });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ success: false, error: MESSAGES.serviceUnavailable });
    }
    const health = await call(t.app, { method: 'GET', url: '/api/health' });
    expect(health.status).toBe(200);
  });
});

describe('with Stripe', () => {
  const t = testAppForEach(() =>
    createTestApp({ ...KEYS, STRIPE_API_URL: fake.url, ADMIN_EMAILS: 'boss@example.com' }),
  );
  let admin: { token: string };

  beforeEach(async () => {
    admin = await registerUser(t.app, { email: 'boss@example.com' });
  });

  const donations = () => t.database.db.selectFrom('donations').selectAll().orderBy('id').execute();

  async function startCoffee(paymentType: string, options: { token?: string; extra?: object } = {}) {
    const response = await call<Created>(t.app, {
      method: 'POST',
      url: '/api/stripe/create-coffee-payment',
      token: options.token,
      payload: { paymentType, ...options.extra },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }

  /** Posts an event to our webhook the way Stripe does, signed with `secret`. */
  function deliver(event: StripeEvent, secret = KEYS.STRIPE_WEBHOOK_SECRET) {
    return deliverEvent(t, stripe, event, secret);
  }

  /** Every event the fake Stripe emitted about `id` (a payment intent, invoice or charge), oldest first. */
  function eventsAbout(type: string, matches: (object: Record<string, unknown>) => boolean): StripeEvent[] {
    return (fake.events as StripeEvent[]).filter(
      (event) => event.type === type && matches(event.data.object),
    );
  }
  const forIntent = (id: string) => (object: Record<string, unknown>) => object.id === id;

  async function payAndDeliver(paymentIntentId: string, paymentMethod = 'pm_card_visa') {
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod }).catch(() => null);
    const events = (fake.events as StripeEvent[]).filter((event) => {
      const object = event.data.object;
      return object.id === paymentIntentId || object.payment_intent === paymentIntentId;
    });
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    return events;
  }

  async function revenue() {
    const response = await call<{ data: { coffee_donations: { total_revenue: number; count: number } } }>(
      t.app,
      { method: 'GET', url: '/api/admin/statistics', token: admin.token },
    );
    expect(response.status).toBe(200);
    return response.body.data.coffee_donations;
  }

  it('gives the web app the publishable key', async () => {
    const config = await call(t.app, { method: 'GET', url: '/api/config' });
    expect(config.body).toEqual({
      success: true,
      data: {
        stripe_publishable_key: KEYS.STRIPE_PUBLISHABLE_KEY,
        donations_enabled: true,
        contact_email: null,
        email_enabled: false,
      },
    });
  });

  it('charges the tier price whatever amount or tier the client adds', async () => {
    const { paymentIntentId } = await startCoffee('basic', {
      extra: { amount: 1, amountCents: 1, tier: 'monthly', currency: 'jpy', price: 100000 },
    });
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(intent.amount).toBe(500);
    expect(intent.currency).toBe('usd');
    expect(intent.description).toBe('Basic Coffee');
    const fancy = await stripe.paymentIntents.retrieve((await startCoffee('fancy')).paymentIntentId);
    expect(fancy.amount).toBe(1000);
    expect((await donations()).map((row) => [row.tier, row.amount_cents, row.status])).toEqual([
      ['basic', 500, 'pending'],
      ['fancy', 1000, 'pending'],
    ]);
  });

  it('refuses unknown or malformed payment types with 400 and starts nothing', async () => {
    for (const payload of [
      { paymentType: 'platinum' },
      { paymentType: 'BASIC' },
      { paymentType: 5 },
      {},
      { paymentType: ['basic'] },
    ]) {
      const response = await call<Failure>(t.app, {
        method: 'POST',
        url: '/api/stripe/create-coffee-payment',
        payload,
      });
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(response.body.error).toMatch(/paymentType/);
    }
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    expect(await donations()).toHaveLength(0);
  });

  it('links a signed-in donor to the donation; visitors may donate too', async () => {
    const reader = await registerUser(t.app);
    await startCoffee('basic', { token: reader.token });
    await startCoffee('basic');
    expect((await donations()).map((row) => row.user_id)).toEqual([reader.user.id, null]);
  });

  it('records a signed payment once: a replayed event changes nothing', async () => {
    const { paymentIntentId } = await startCoffee('basic');
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    const [succeeded] = eventsAbout('payment_intent.succeeded', forIntent(paymentIntentId));
    expect(succeeded).toBeDefined();
    const first = await deliver(succeeded as StripeEvent);
    expect(first.status).toBe(200);
    expect(first.body.data?.duplicate).toBe(false);
    expect(await revenue()).toEqual({ total_revenue: 5, count: 1 });

    const again = await deliver(succeeded as StripeEvent);
    expect(again.status).toBe(200);
    expect(again.body.data?.duplicate).toBe(true);
    expect(await revenue()).toEqual({ total_revenue: 5, count: 1 });
    expect(await donations()).toHaveLength(1);
  });

  it('refuses a wrong signature with 400 and records nothing', async () => {
    const { paymentIntentId } = await startCoffee('fancy');
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    const [succeeded] = eventsAbout('payment_intent.succeeded', forIntent(paymentIntentId));
    const forged = await deliver(succeeded as StripeEvent, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.body.success).toBe(false);
    const unsigned = await call(t.app, {
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeeded),
    });
    expect(unsigned.status).toBe(400);
    // A correctly signed body that was altered afterwards is refused too.
    const payload = JSON.stringify(succeeded);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: KEYS.STRIPE_WEBHOOK_SECRET });
    const tampered = await call(t.app, {
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('"amount":1000', '"amount":100000'),
    });
    expect(tampered.status).toBe(400);
    expect((await donations()).map((row) => row.status)).toEqual(['pending']);
    expect(await t.database.db.selectFrom('stripe_events').selectAll().execute()).toHaveLength(0);
    expect(await revenue()).toEqual({ total_revenue: 0, count: 0 });
  });

  it('refuses a correctly signed but malformed event with 400 and records nothing', async () => {
    const { paymentIntentId } = await startCoffee('basic');
    const base = { object: 'event', api_version: '2026-10-28.endive', created: 1, livemode: false };
    for (const event of [
      { ...base, id: 'evt_bad_1', type: 'payment_intent.succeeded', data: {} },
      { ...base, id: 'evt_bad_2', type: 'payment_intent.succeeded', data: { object: [] } },
      {
        ...base,
        id: 'evt_bad_3',
        type: 'payment_intent.succeeded',
        data: { object: { id: paymentIntentId, amount: 'x' } },
      },
      { ...base, type: 'payment_intent.succeeded', data: { object: { id: paymentIntentId, amount: 500 } } },
      {
        ...base,
        id: 'evt_bad_5',
        type: 'charge.refunded',
        data: { object: { payment_intent: paymentIntentId } },
      },
      {
        ...base,
        id: 'evt_bad_6',
        type: 'invoice.paid',
        data: { object: { id: 'in_1', amount_paid: -5, currency: 'usd' } },
      },
    ]) {
      const response = await deliver(event as unknown as StripeEvent);
      expect(response.status, JSON.stringify(event)).toBe(400);
      expect(response.body.error).toMatch(/^The Stripe event cannot be read: /);
    }
    expect((await donations()).map((row) => row.status)).toEqual(['pending']);
    expect(await t.database.db.selectFrom('stripe_events').selectAll().execute()).toHaveLength(0);
  });

  it('counts only succeeded payments, net of refunds, in dollars with 2 decimals', async () => {
    const paid = await startCoffee('fancy');
    await payAndDeliver(paid.paymentIntentId);
    const declined = await startCoffee('basic');
    const events = await payAndDeliver(declined.paymentIntentId, 'pm_card_chargeDeclined');
    expect(events.map((event) => event.type)).toContain('payment_intent.payment_failed');
    const refunded = await startCoffee('basic');
    await payAndDeliver(refunded.paymentIntentId);
    expect(await revenue()).toEqual({ total_revenue: 15, count: 2 });

    await stripe.refunds.create({ payment_intent: refunded.paymentIntentId });
    await stripe.refunds.create({ payment_intent: paid.paymentIntentId, amount: 250 });
    for (const event of eventsAbout('charge.refunded', () => true)) {
      expect((await deliver(event)).status).toBe(200);
    }
    expect(await revenue()).toEqual({ total_revenue: 7.5, count: 1 });
    const rows = await donations();
    expect(rows.map((row) => [row.tier, row.status, row.refunded_cents])).toEqual([
      ['fancy', 'succeeded', 250],
      ['basic', 'failed', 0],
      ['basic', 'refunded', 500],
    ]);
    expect(rows[1]?.failure_message).toBe('Your card was declined.');
  });

  it('runs the monthly tier as a subscription: first payment and each renewal count once', async () => {
    const reader = await registerUser(t.app);
    const { clientSecret, paymentIntentId } = await startCoffee('monthly', { token: reader.token });
    expect(clientSecret.startsWith(`${paymentIntentId}_secret_`)).toBe(true);
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(intent.amount).toBe(5000);
    const [row] = await donations();
    expect(row).toMatchObject({
      tier: 'monthly',
      amount_cents: 5000,
      status: 'pending',
      user_id: reader.user.id,
    });
    const subscription = await stripe.subscriptions.retrieve(row?.subscription_id ?? '');
    expect(subscription.items.data[0]?.price.unit_amount).toBe(5000);
    expect(subscription.items.data[0]?.price.recurring?.interval).toBe('month');

    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    for (const event of fake.events as StripeEvent[]) expect((await deliver(event)).status).toBe(200);
    expect(await revenue()).toEqual({ total_revenue: 50, count: 1 });

    const before = (fake.events as StripeEvent[]).length;
    const renewal = await fetch(`${fake.url}/__fake/subscriptions/${subscription.id}/renew`, {
      method: 'POST',
    });
    expect(renewal.ok).toBe(true);
    for (const event of (fake.events as StripeEvent[]).slice(before)) {
      expect((await deliver(event)).status).toBe(200);
      expect((await deliver(event)).body.data?.duplicate).toBe(true);
    }
    expect(await revenue()).toEqual({ total_revenue: 100, count: 2 });
    expect((await donations()).map((donation) => [donation.user_id, donation.subscription_id])).toEqual([
      [reader.user.id, subscription.id],
      [reader.user.id, subscription.id],
    ]);
  });

  it('answers status, amount and tier only; a late webhook is made up for by asking Stripe', async () => {
    const { paymentIntentId, clientSecret } = await startCoffee('fancy');
    const status = (id: string) =>
      call<{ data: Record<string, unknown> }>(t.app, {
        method: 'GET',
        url: `/api/stripe/payment-status?paymentIntentId=${id}&client_secret=${clientSecret}`,
      });
    expect((await status(paymentIntentId)).body.data).toEqual({
      status: 'pending',
      amount: 10,
      tier: 'fancy',
    });
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    expect((await status(paymentIntentId)).body.data).toEqual({
      status: 'succeeded',
      amount: 10,
      tier: 'fancy',
    });
    // The webhook arriving afterwards does not count it again.
    for (const event of eventsAbout('payment_intent.succeeded', forIntent(paymentIntentId)))
      await deliver(event);
    expect(await revenue()).toEqual({ total_revenue: 10, count: 1 });

    expect((await status('pi_unknown123')).status).toBe(404);
    expect((await status('not-an-id')).status).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/api/stripe/payment-status' })).status).toBe(400);
  });

  describe('sponsorship', () => {
    async function storeFiction(royalroadId: number) {
      const now = t.clock.now.toISOString();
      const row = await t.database.db
        .insertInto('fictions')
        .values({
          royalroad_id: royalroadId,
          title: 'The Sponsored Saga',
          tags: '[]',
          warnings: '[]',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    it('needs a signed-in reader and a known fiction', async () => {
      const fictionId = await storeFiction(555001);
      const visitor = await call<Failure>(t.app, {
        method: 'POST',
        url: '/api/stripe/create-payment',
        payload: { fictionId },
      });
      expect(visitor.status).toBe(401);
      const reader = await registerUser(t.app);
      for (const [payload, status] of [
        [{ fictionId: 999999 }, 404],
        [{ fictionId: 'abc' }, 400],
        [{ fictionId: -1 }, 400],
        [{}, 400],
      ] as const) {
        const response = await call(t.app, {
          method: 'POST',
          url: '/api/stripe/create-payment',
          token: reader.token,
          payload,
        });
        expect(response.status).toBe(status);
      }
      expect(await donations()).toHaveLength(0);
    });

    it('once paid, marks the fiction sponsored and puts it in the sponsor list', async () => {
      const fictionId = await storeFiction(555002);
      const reader = await registerUser(t.app);
      const start = () =>
        call<Created>(t.app, {
          method: 'POST',
          url: '/api/stripe/create-payment',
          token: reader.token,
          payload: { fictionId, amount: 1 },
        });
      const started = await start();
      expect(started.status).toBe(200);
      const intent = await stripe.paymentIntents.retrieve(started.body.data.paymentIntentId);
      expect(intent.amount).toBe(2000);

      await payAndDeliver(started.body.data.paymentIntentId);
      const fiction = await call<{ data: { sponsored: boolean } }>(t.app, {
        method: 'GET',
        url: '/api/fictions/555002',
      });
      expect(fiction.body.data.sponsored).toBe(true);
      const list = await call<{
        data: { userFictions: Array<{ fiction_id: number; is_favorite: boolean }> };
      }>(t.app, { method: 'GET', url: '/api/userFictions/favorites', token: reader.token });
      expect(list.body.data.userFictions.map((entry) => entry.fiction_id)).toEqual([fictionId]);
      // Sponsorships are not coffee.
      expect(await revenue()).toEqual({ total_revenue: 0, count: 0 });
      const tracked = await t.services.fictions.trackedFictions(t.clock.now.toISOString());
      expect(tracked.map((row) => row.id)).toContain(fictionId);

      const again = await start();
      expect(again.status).toBe(409);
    });
  });
});

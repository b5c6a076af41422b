import { type CoffeeSubscription, MESSAGES } from '@rrc/contract';
import type { RecordedEvent } from '@rrc/fakes/stripe';
import type Stripe from 'stripe';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { deliverEvent, fakeStripeForFile, payMonthlyCoffee, stripeSdk } from '../../../test/stripe.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';
import { MONTHLY_NEEDS_ACCOUNT } from './payments.service.ts';
import { type SubscriptionRecord, subscriptionsRepository } from './subscriptions.repository.ts';
import { SUBSCRIPTION_MESSAGES } from './subscriptions.service.ts';

// Monthly Coffee Pods after the first payment: the donor sees theirs, cancels it at the end of the month
// (or keeps it after all), changes its card on Stripe's portal, and Stripe's subscription events keep the
// record true whatever order they come in. Nobody reaches another donor's.

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_subscriptions_suite_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_subscriptions_suite_publishable',
  STRIPE_WEBHOOK_SECRET: 'whsec_subscriptions_suite_webhook_secret',
};
const PUBLIC_URL = 'https://rrc.example';
const CONTACT_EMAIL = 'coffee@rrc.example';

type Failure = { success: false; error: string };
/** What a change answers: the subscription, or the error. */
type Changed = { success: boolean; data: CoffeeSubscription; error?: string };

const fake = fakeStripeForFile();
let stripe: Stripe;
beforeAll(() => {
  stripe = stripeSdk(fake.url, KEYS.STRIPE_SECRET_KEY);
});

const iso = (seconds: number | null | undefined) => new Date((seconds ?? 0) * 1000).toISOString();

describe('without Stripe keys', () => {
  it('answers 503 with the usual message to a signed-in reader, 401 to a visitor', async () => {
    const t = await createTestApp();
    try {
      const reader = await registerUser(t.app);
      const requests = [
        ['GET', '/api/stripe/subscriptions'],
        ['POST', '/api/stripe/subscriptions/sub_1/cancel'],
        ['POST', '/api/stripe/subscriptions/sub_1/resume'],
        ['POST', '/api/stripe/subscriptions/sub_1/portal'],
      ] as const;
      for (const [method, url] of requests) {
        const signedIn = await call<Failure>(t.app, { method, url, token: reader.token });
        expect(signedIn.status, url).toBe(503);
        expect(signedIn.body).toEqual({ success: false, error: MESSAGES.serviceUnavailable });
        expect((await call(t.app, { method, url })).status, url).toBe(401);
      }
    } finally {
      await t.close();
    }
  });
});

describe('with Stripe', () => {
  const t = testAppForEach(() =>
    createTestApp({ ...KEYS, STRIPE_API_URL: fake.url, PUBLIC_URL, CONTACT_EMAIL }),
  );

  beforeEach(() => {
    fake.configurePortal(true);
  });

  const deliver = (event: object, secret = KEYS.STRIPE_WEBHOOK_SECRET) =>
    deliverEvent(t, stripe, event, secret);

  /** Delivers, in order, every event the fake emitted from index `from` on. */
  async function deliverSince(from: number) {
    for (const event of fake.events.slice(from)) expect((await deliver(event)).status, event.type).toBe(200);
  }

  const subscriptionEvents = (from: number, id: string) =>
    fake.events
      .slice(from)
      .filter((event) => event.type.startsWith('customer.subscription.') && event.data.object.id === id);

  /** A reader (or a visitor) starts Monthly Coffee Pods and pays the first month; no event is delivered yet. */
  const payMonthly = async (token?: string) => (await payMonthlyCoffee(t, fake.url, token)).subscriptionId;

  const list = async (token: string) => {
    const response = await call<{ data: CoffeeSubscription[] }>(t.app, {
      method: 'GET',
      url: '/api/stripe/subscriptions',
      token,
    });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.body.data;
  };
  const act = (token: string | undefined, id: string, action: 'cancel' | 'resume' | 'portal') =>
    call<Changed>(t.app, { method: 'POST', url: `/api/stripe/subscriptions/${id}/${action}`, token });
  const periodEndOf = async (id: string) =>
    iso((await stripe.subscriptions.retrieve(id)).items.data[0]?.current_period_end);

  it('shows a donor their monthly coffee with its renewal date as soon as it is paid, and after each renewal', async () => {
    const reader = await registerUser(t.app);
    expect(await list(reader.token)).toEqual([]);
    const id = await payMonthly(reader.token);
    // The webhooks have not come: the listing asks Stripe about a first payment it has not heard of.
    expect(await list(reader.token)).toEqual([
      {
        id,
        status: 'active',
        tier: 'monthly',
        amount: 50,
        currency: 'usd',
        current_period_end: await periodEndOf(id),
        cancel_at_period_end: false,
        ended_at: null,
        created_at: t.clock.now.toISOString(),
      },
    ]);
    await deliverSince(0);
    const firstEnd = await periodEndOf(id);
    expect((await list(reader.token))[0]?.current_period_end).toBe(firstEnd);

    const from = fake.events.length;
    fake.renewSubscription(id);
    await deliverSince(from);
    const [renewed] = await list(reader.token);
    expect(renewed?.status).toBe('active');
    expect(renewed?.current_period_end).toBe(await periodEndOf(id));
    expect(Date.parse(renewed?.current_period_end ?? '')).toBeGreaterThan(Date.parse(firstEnd));
  });

  it('cancels at the end of the paid month, keeps it after all, and shows it ended once the period is over', async () => {
    const reader = await registerUser(t.app);
    const id = await payMonthly(reader.token);
    await deliverSince(0);
    const periodEnd = await periodEndOf(id);

    const cancelled = await act(reader.token, id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      id,
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: periodEnd,
      ended_at: null,
    });
    expect(await stripe.subscriptions.retrieve(id)).toMatchObject({
      cancel_at_period_end: true,
      status: 'active',
    });
    expect((await list(reader.token))[0]).toEqual(cancelled.body.data);

    const kept = await act(reader.token, id, 'resume');
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ cancel_at_period_end: false, current_period_end: periodEnd });
    expect((await stripe.subscriptions.retrieve(id)).cancel_at_period_end).toBe(false);

    expect((await act(reader.token, id, 'cancel')).status).toBe(200);
    // The month ends: Stripe ends the subscription instead of renewing it, and charges nothing.
    const from = fake.events.length;
    fake.renewSubscription(id);
    expect(fake.events.slice(from).map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    await deliverSince(from);
    const [ended] = await list(reader.token);
    expect(ended).toMatchObject({ id, status: 'canceled', ended_at: periodEnd });
    expect(await t.database.db.selectFrom('donations').select('id').execute()).toHaveLength(1);

    for (const action of ['cancel', 'resume', 'portal'] as const) {
      const refused = await act(reader.token, id, action);
      expect(refused.status, action).toBe(409);
      expect(refused.body).toEqual({ success: false, error: SUBSCRIPTION_MESSAGES.ended });
    }
  });

  it('never shows, cancels, keeps or opens the portal for another reader’s monthly coffee', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const id = await payMonthly(owner.token);
    await deliverSince(0);
    const visitorId = await payMonthly();
    await deliverSince(0);
    const before = fake.requests.length;

    expect(await list(other.token)).toEqual([]);
    for (const target of [id, visitorId, 'sub_unknown123']) {
      for (const action of ['cancel', 'resume', 'portal'] as const) {
        const refused = await act(other.token, target, action);
        expect(refused.status, `${action} ${target}`).toBe(404);
        expect(refused.body).toEqual({ success: false, error: SUBSCRIPTION_MESSAGES.notFound });
        expect((await act(undefined, target, action)).status).toBe(401);
      }
    }
    for (const bad of ['pi_123', 'sub_', 'sub_a-b', 'SUB_abc', 'sub_a%2Fb']) {
      const refused = await act(owner.token, bad, 'cancel');
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error).toBe('subscriptionId must look like sub_….');
    }
    // Nothing reached Stripe, and the owner's monthly coffee is as it was.
    expect(fake.requests.slice(before)).toEqual([]);
    expect((await stripe.subscriptions.retrieve(id)).cancel_at_period_end).toBe(false);
    expect((await list(owner.token)).map((row) => row.id)).toEqual([id]);
  });

  it('applies subscription webhooks only when signed, each once, and follows Stripe whatever their order', async () => {
    const reader = await registerUser(t.app);
    const id = await payMonthly(reader.token);
    await deliverSince(0);
    const state = async () => {
      const [row] = await list(reader.token);
      return { status: row?.status, cancel_at_period_end: row?.cancel_at_period_end };
    };

    // Cancelled on Stripe's side (the portal, the Dashboard): the app hears it by webhook.
    let from = fake.events.length;
    await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    const [scheduled] = subscriptionEvents(from, id);
    if (!scheduled) throw new Error('no customer.subscription.updated');
    const forged = await deliver(scheduled, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(await state()).toEqual({ status: 'active', cancel_at_period_end: false });
    const first = await deliver(scheduled);
    expect(first.body.data?.duplicate).toBe(false);
    expect(await state()).toEqual({ status: 'active', cancel_at_period_end: true });
    expect((await deliver(scheduled)).body.data?.duplicate).toBe(true);

    // Kept, then the donor cancels again: the events come newest first.
    from = fake.events.length;
    await stripe.subscriptions.update(id, { cancel_at_period_end: false });
    await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    for (const event of subscriptionEvents(from, id).reverse())
      expect((await deliver(event)).status).toBe(200);
    expect(await state()).toEqual({ status: 'active', cancel_at_period_end: true });

    // The period ends; the deletion arrives before an update sent earlier: the coffee stays ended.
    from = fake.events.length;
    await stripe.subscriptions.update(id, { metadata: { note: 'late' } });
    fake.renewSubscription(id);
    const [lateUpdate, deleted] = subscriptionEvents(from, id);
    expect([lateUpdate?.type, deleted?.type]).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    await deliver(deleted as RecordedEvent);
    await deliver(lateUpdate as RecordedEvent);
    expect(await state()).toEqual({ status: 'canceled', cancel_at_period_end: true });

    // An event's copy of the subscription is not believed over Stripe's answer now.
    const stale = fake.sendEvent('customer.subscription.updated', {
      ...fake.state.get('subscription', id),
      status: 'active',
      ended_at: null,
    });
    expect((await deliver(stale)).status).toBe(200);
    expect(await state()).toEqual({ status: 'canceled', cancel_at_period_end: true });
  });

  it('leaves alone subscriptions it did not start, and refuses an event it cannot read', async () => {
    const customer = await stripe.customers.create({ email: 'elsewhere@example.com' });
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 900,
      recurring: { interval: 'month' },
      product_data: { name: 'Something else' },
    });
    const foreign = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    await stripe.subscriptions.update(foreign.id, { cancel_at_period_end: true });
    await deliverSince(0);
    expect(
      fake.sendEvent('customer.subscription.deleted', { id: 'sub_gone123', object: 'subscription' }),
    ).toBeDefined();
    await deliverSince(0);
    expect(await t.database.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);

    const unreadable = await deliver({
      id: 'evt_unreadable',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { object: 'subscription', status: 'active' } },
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error).toBe('The Stripe event cannot be read: the subscription has no id.');
  });

  it("opens Stripe's card page for the donor, which comes back to the coffee page", async () => {
    const reader = await registerUser(t.app);
    const id = await payMonthly(reader.token);
    await deliverSince(0);
    const opened = await call<{ data: { url: string } }>(t.app, {
      method: 'POST',
      url: `/api/stripe/subscriptions/${id}/portal`,
      token: reader.token,
    });
    expect(opened.status).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const portalRequest = fake.requests.at(-1);
    const subscription = await stripe.subscriptions.retrieve(id);
    expect(portalRequest).toMatchObject({
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      status: 200,
      params: {
        customer: subscription.customer,
        return_url: `${PUBLIC_URL}/coffee`,
        flow_data: {
          type: 'payment_method_update',
          after_completion: {
            type: 'redirect',
            redirect: { return_url: `${PUBLIC_URL}/coffee?card=updated` },
          },
        },
      },
    });
    const page = await fetch(opened.body.data.url);
    expect(await page.text()).toContain('Update your card');
    const updated = await fetch(`${opened.body.data.url}/card`, {
      method: 'POST',
      redirect: 'manual',
      body: 'card=pm_card_mastercard',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(updated.headers.get('location')).toBe(`${PUBLIC_URL}/coffee?card=updated`);

    // Until the portal's settings are saved in Stripe, the donor is told it is not available.
    fake.configurePortal(false);
    const refused = await call<Failure>(t.app, {
      method: 'POST',
      url: `/api/stripe/subscriptions/${id}/portal`,
      token: reader.token,
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, error: SUBSCRIPTION_MESSAGES.portalUnavailable });
  });

  it('answers 503 when Stripe cannot be reached, and changes nothing', async () => {
    const reader = await registerUser(t.app);
    const id = await payMonthly(reader.token);
    await deliverSince(0);
    const cut = await createTestApp({ ...KEYS, STRIPE_API_URL: 'http://127.0.0.1:9', PUBLIC_URL });
    try {
      const donor = await registerUser(cut.app);
      const now = cut.clock.now.toISOString();
      await subscriptionsRepository(cut.database.db).save({
        id,
        userId: donor.user.id,
        customerId: 'cus_1',
        tier: 'monthly',
        status: 'active',
        amountCents: 5000,
        currency: 'usd',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: now,
        canceledAt: null,
        endedAt: null,
        syncedAt: now,
      });
      for (const action of ['cancel', 'portal'] as const) {
        const response = await call<Failure>(cut.app, {
          method: 'POST',
          url: `/api/stripe/subscriptions/${id}/${action}`,
          token: donor.token,
        });
        expect(response.status, action).toBe(503);
        expect(response.body.success).toBe(false);
      }
      const [row] = await cut.database.db.selectFrom('subscriptions').selectAll().execute();
      expect(Boolean(row?.cancel_at_period_end)).toBe(false);
    } finally {
      await cut.close();
    }
  });

  it('lets a visitor start Monthly Coffee Pods only when the site has an address to write to', async () => {
    const config = await call<{ data: { contact_email: string } }>(t.app, {
      method: 'GET',
      url: '/api/config',
    });
    expect(config.body.data.contact_email).toBe(CONTACT_EMAIL);
    const started = await call(t.app, {
      method: 'POST',
      url: '/api/stripe/create-coffee-payment',
      payload: { paymentType: 'monthly' },
    });
    expect(started.status).toBe(200);
    const [row] = await t.database.db.selectFrom('subscriptions').selectAll().execute();
    expect(row).toMatchObject({ user_id: null, tier: 'monthly', status: 'incomplete', amount_cents: 5000 });

    const closed = await createTestApp({ ...KEYS, STRIPE_API_URL: fake.url });
    try {
      const noAddress = await call<{ data: { contact_email: null } }>(closed.app, {
        method: 'GET',
        url: '/api/config',
      });
      expect(noAddress.body.data.contact_email).toBeNull();
      const before = fake.requests.length;
      const refused = await call<Failure>(closed.app, {
        method: 'POST',
        url: '/api/stripe/create-coffee-payment',
        payload: { paymentType: 'monthly' },
      });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ success: false, error: MONTHLY_NEEDS_ACCOUNT });
      expect(fake.requests.slice(before)).toEqual([]);
      // One-off coffees and signed-in donors are not affected.
      const reader = await registerUser(closed.app);
      for (const [paymentType, token] of [
        ['basic', undefined],
        ['monthly', reader.token],
      ] as const) {
        const response = await call(closed.app, {
          method: 'POST',
          url: '/api/stripe/create-coffee-payment',
          token,
          payload: { paymentType },
        });
        expect(response.status, paymentType).toBe(200);
      }
    } finally {
      await closed.close();
    }
  });
});

describe('the stored state', () => {
  it('is never replaced by an older answer, nor an ended subscription brought back', async () => {
    const t = await createTestApp();
    try {
      const repository = subscriptionsRepository(t.database.db);
      const reader = await registerUser(t.app);
      const at = (minute: number) => `2026-11-21T12:${String(minute).padStart(2, '0')}:00.000Z`;
      const record = (syncedAt: string, change: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
        id: 'sub_stored1',
        userId: reader.user.id,
        customerId: 'cus_1',
        tier: 'monthly',
        status: 'active',
        amountCents: 5000,
        currency: 'usd',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: '2026-12-21T12:00:00.000Z',
        canceledAt: null,
        endedAt: null,
        syncedAt,
        ...change,
      });
      const stored = () => t.database.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();

      expect(await repository.save(record(at(10)))).toBe(true);
      expect(await repository.save(record(at(20), { cancelAtPeriodEnd: true }))).toBe(true);
      expect(await repository.save(record(at(15), { cancelAtPeriodEnd: false }))).toBe(false);
      expect(Boolean((await stored()).cancel_at_period_end)).toBe(true);

      expect(
        await repository.save(record(at(30), { status: 'canceled', endedAt: at(30), userId: null })),
      ).toBe(true);
      expect(await repository.save(record(at(40), { status: 'active' }))).toBe(false);
      expect(await stored()).toMatchObject({ status: 'canceled', user_id: reader.user.id });

      // An account that no longer exists is nobody.
      await repository.save(record(at(10), { id: 'sub_stored2', userId: 987654 }));
      expect((await repository.ofUser(reader.user.id, 10)).map((row) => row.id)).toEqual(['sub_stored1']);
      const orphan = await t.database.db
        .selectFrom('subscriptions')
        .select('user_id')
        .where('id', '=', 'sub_stored2')
        .executeTakeFirstOrThrow();
      expect(orphan.user_id).toBeNull();
    } finally {
      await t.close();
    }
  });
});

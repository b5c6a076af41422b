import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './server.ts';

// The customer portal and the subscription changes a donor makes: sessions as POST
// /v1/billing_portal/sessions answers them, the pages their `url` opens, and the events each change sends.

const SECRET_KEY = 'sk_test_fakeStripePortalTests000000000';
const RETURN_URL = 'http://127.0.0.1:3100/coffee';

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new Stripe(SECRET_KEY, {
    host: '127.0.0.1',
    port: Number(new URL(fake.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterEach(() => {
  fake.reset();
});
afterAll(async () => {
  await fake.close();
});

/** A customer with an active $3 monthly subscription, its first invoice paid with a Visa. */
async function activeMonthly(email = 'donor@example.com') {
  const customer = await stripe.customers.create({ email });
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 300,
    recurring: { interval: 'month' },
    product_data: { name: 'Monthly coffee' },
  });
  const created = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.payments'],
  });
  const invoice = created.latest_invoice as Stripe.Invoice;
  await stripe.paymentIntents.confirm(String(invoice.payments?.data[0]?.payment.payment_intent), {
    payment_method: 'pm_card_visa',
  });
  const subscription = await stripe.subscriptions.retrieve(created.id);
  expect(subscription.status).toBe('active');
  return { customer, subscription };
}

/** The portal page at `url`, or what a form on it answers. */
async function open(url: string, form?: Record<string, string>) {
  const response = await fetch(url, {
    redirect: 'manual',
    ...(form && {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** Events emitted since `from`, by type, with what each says changed. */
async function eventsSince(from: number) {
  await fake.idle();
  return fake.events.slice(from).map((event) => ({
    type: event.type,
    object: event.data.object,
    previous: event.data.previous_attributes,
  }));
}

describe('customer portal sessions', () => {
  it('are created for a customer in Stripe’s shape, and open a page listing the subscription', async () => {
    const { customer, subscription } = await activeMonthly();
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: RETURN_URL,
    });
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: RETURN_URL,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
    });
    expect(session.id).toMatch(/^bps_/);
    expect(session.configuration).toMatch(/^bpc_/);
    expect(session.url).toMatch(new RegExp(`^${fake.url}/p/session/test_[A-Za-z0-9]+$`));
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      status: 200,
      params: { customer: customer.id, return_url: RETURN_URL },
    });

    const page = await open(session.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('donor@example.com');
    expect(page.html).toContain('Monthly coffee');
    expect(page.html).toContain('$3.00 per month');
    const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
    const day = new Date(periodEnd * 1000).toLocaleDateString('en-US', {
      dateStyle: 'long',
      timeZone: 'UTC',
    });
    expect(page.html).toContain(`Renews on ${day}`);
    expect(page.html).toContain('Card: Visa ending in 4242');
    expect(page.html).toContain(`<a href="${RETURN_URL}">Return to 127.0.0.1:3100</a>`);
    expect((await open(`${fake.url}/p/session/test_nope`)).status).toBe(404);
  });

  it('refuses what Stripe refuses, with its answers', async () => {
    const { customer, subscription } = await activeMonthly();
    const other = await activeMonthly('other@example.com');
    const refusal = (params: Stripe.BillingPortal.SessionCreateParams) =>
      stripe.billingPortal.sessions.create(params).catch((error: unknown) => error);

    expect(await refusal({})).toMatchObject({
      statusCode: 400,
      message: 'Missing required param: customer.',
    });
    expect(await refusal({ customer: 'cus_nope' })).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_nope'",
    });
    expect(await refusal({ customer: customer.id, return_url: 'not a url' })).toMatchObject({
      statusCode: 400,
      param: 'return_url',
      message: 'Not a valid URL',
    });
    expect(await refusal({ customer: customer.id, configuration: 'bpc_nope' })).toMatchObject({
      statusCode: 404,
      param: 'configuration',
    });
    expect(await refusal({ customer: customer.id, flow_data: { type: 'bogus' } })).toMatchObject({
      statusCode: 400,
      param: 'flow_data[type]',
    });
    // A cancel flow must name one of the customer's own subscriptions.
    expect(
      await refusal({
        customer: customer.id,
        flow_data: {
          type: 'subscription_cancel',
          subscription_cancel: { subscription: other.subscription.id },
        },
      }),
    ).toMatchObject({ statusCode: 404, param: 'flow_data[subscription_cancel][subscription]' });
    expect(
      await refusal({
        customer: customer.id,
        flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect' } },
      }),
    ).toMatchObject({
      statusCode: 400,
      message: 'Missing required param: flow_data[after_completion][redirect][return_url].',
    });

    // Until the portal's settings are saved in the Dashboard, a session needs a configuration.
    fake.configurePortal(false);
    expect(await refusal({ customer: customer.id })).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      message: expect.stringMatching(
        /^No configuration provided and your test mode default configuration has not been created/,
      ),
    });
    const saved = await fetch(`${fake.url}/__fake/billing-portal`, {
      method: 'POST',
      body: JSON.stringify({ saved: true }),
    });
    expect(await saved.json()).toEqual({ saved: true });
    expect((await stripe.billingPortal.sessions.create({ customer: customer.id })).configuration).toMatch(
      /^bpc_/,
    );
    const bad = await fetch(`${fake.url}/__fake/billing-portal`, { method: 'POST', body: '{"saved":"no"}' });
    expect(bad.status).toBe(400);

    // Forms cannot reach another customer's subscription.
    const session = await stripe.billingPortal.sessions.create({ customer: customer.id });
    const foreign = await open(`${session.url}/cancel`, { subscription: other.subscription.id });
    expect(foreign.status).toBe(400);
    expect((await stripe.subscriptions.retrieve(other.subscription.id)).cancel_at_period_end).toBe(false);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
  });

  it('deep-links to a card update that goes back to the app and pays the next invoices with the new card', async () => {
    const { customer, subscription } = await activeMonthly();
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: RETURN_URL,
      flow_data: {
        type: 'payment_method_update',
        after_completion: { type: 'redirect', redirect: { return_url: `${RETURN_URL}?card=updated` } },
      },
    });
    expect(session.flow).toMatchObject({
      type: 'payment_method_update',
      after_completion: { type: 'redirect', redirect: { return_url: `${RETURN_URL}?card=updated` } },
      subscription_cancel: null,
    });
    const page = await open(session.url);
    expect(page.html).toContain('<h1>Update your card</h1>');
    expect(page.html).toContain('Mastercard ending in 4444');

    const from = fake.events.length;
    const done = await open(`${session.url}/card`, { card: 'pm_card_mastercard' });
    expect(done).toMatchObject({ status: 303, location: `${RETURN_URL}?card=updated` });
    const events = await eventsSince(from);
    expect(events.map((event) => event.type)).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.updated',
    ]);
    const updated = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['default_payment_method'],
    });
    const card = updated.default_payment_method as Stripe.PaymentMethod;
    expect(card.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(card.customer).toBe(customer.id);
    expect(events[2]?.previous).toEqual({ default_payment_method: subscription.default_payment_method });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: { default_payment_method: card.id },
    });

    const { invoice } = fake.renewSubscription(subscription.id);
    const renewal = await stripe.invoicePayments.list({ invoice: invoice?.id ?? '' });
    const intent = await stripe.paymentIntents.retrieve(String(renewal.data[0]?.payment.payment_intent));
    expect(intent).toMatchObject({ status: 'succeeded', payment_method: card.id });

    expect((await open(`${session.url}/card`, { card: 'pm_card_chargeDeclined' })).status).toBe(400);
  });

  it('cancels at the end of the period and renews again, as the portal does, with the events Stripe sends', async () => {
    const { customer, subscription } = await activeMonthly();
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: RETURN_URL,
    });
    const periodEnd = subscription.items.data[0]?.current_period_end;

    let from = fake.events.length;
    const cancelled = await open(`${session.url}/cancel`, { subscription: subscription.id });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toMatch(/\?done=cancel$/);
    const ending = await stripe.subscriptions.retrieve(subscription.id);
    expect(ending).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(Math.abs((ending.canceled_at ?? 0) - Date.now() / 1000)).toBeLessThan(5);
    expect(await eventsSince(from)).toEqual([
      {
        type: 'customer.subscription.updated',
        object: expect.objectContaining({ id: subscription.id, cancel_at_period_end: true }),
        previous: expect.objectContaining({
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
        }),
      },
    ]);
    const page = await open(new URL(cancelled.location ?? '', fake.url).href);
    expect(page.html).toContain('Your subscription will be canceled at the end of the billing period.');
    expect(page.html).toContain('Cancels on');
    expect(page.html).toContain('Renew subscription');

    from = fake.events.length;
    expect((await open(`${session.url}/renew`, { subscription: subscription.id })).status).toBe(303);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      cancellation_details: { reason: null },
    });
    expect((await eventsSince(from)).map((event) => event.previous?.cancel_at_period_end)).toEqual([true]);

    // Cancelled again through the API, the subscription ends when its period does, keeping when it was asked.
    const asked = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    from = fake.events.length;
    fake.renewSubscription(subscription.id);
    const [deleted] = await eventsSince(from);
    expect(deleted).toMatchObject({
      type: 'customer.subscription.deleted',
      object: { status: 'canceled', canceled_at: asked.canceled_at, ended_at: periodEnd },
    });
    // An ended subscription leaves the portal and cannot be changed there.
    expect((await open(session.url)).html).toContain('No current subscriptions.');
    expect((await open(`${session.url}/renew`, { subscription: subscription.id })).status).toBe(400);
  });
});

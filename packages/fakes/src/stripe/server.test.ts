import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeForm } from './form.ts';
import { API_VERSION, type FakeStripe, startFakeStripe } from './server.ts';

const SECRET_KEY = 'sk_test_fakeStripeUnitTests0000000000';
const PUBLISHABLE_KEY = 'pk_test_fakeStripeUnitTests0000000000';
const WEBHOOK_SECRET = 'whsec_fakeStripeUnitTestsSigningSecret';

/** A tiny webhook endpoint that keeps what it is sent and answers `status`. */
interface Receiver {
  url: string;
  received: { body: string; signature: string }[];
  status: number;
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], status: 200, server: createServer() };
  receiver.server.on('request', async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    receiver.received.push({
      body: Buffer.concat(chunks).toString('utf8'),
      signature: String(request.headers['stripe-signature']),
    });
    response.writeHead(receiver.status).end();
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/api/stripe/webhook`;
  return receiver;
}

let fake: FakeStripe;
let receiver: Receiver;
let stripe: Stripe;

const sdk = (key = SECRET_KEY) =>
  new Stripe(key, {
    host: '127.0.0.1',
    port: Number(new URL(fake.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await startFakeStripe({ webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
  stripe = sdk();
});
afterEach(() => {
  fake.reset();
  receiver.received.length = 0;
  receiver.status = 200;
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});

/** The events the receiver got so far, each checked with the SDK's signature verification. */
async function deliveredEvents(): Promise<Stripe.Event[]> {
  await fake.idle();
  return receiver.received.map(({ body, signature }) =>
    stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET),
  );
}

/** A request as Stripe.js sends it: form-encoded, with the publishable key among the parameters. */
async function asStripeJs(method: 'GET' | 'POST', path: string, params: Record<string, unknown>) {
  const body = encodeForm({ key: PUBLISHABLE_KEY, ...params });
  const response =
    method === 'GET'
      ? await fetch(`${fake.url}${path}?${body}`)
      : await fetch(`${fake.url}${path}`, {
          method,
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:3100' },
        });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const card = (number: string) => ({
  type: 'card',
  card: { number, exp_month: '12', exp_year: '34', cvc: '123' },
  billing_details: { address: { postal_code: '12345' } },
});

const coffee = () =>
  stripe.paymentIntents.create({
    amount: 500,
    currency: 'usd',
    description: 'A coffee for RR Companion',
    metadata: { user_id: '7', kind: 'coffee' },
    automatic_payment_methods: { enabled: true },
  });

describe('payment intents', () => {
  it('creates a PaymentIntent in Stripe’s shape and retrieves it', async () => {
    const created = await coffee();
    expect(created).toMatchObject({
      object: 'payment_intent',
      amount: 500,
      amount_received: 0,
      currency: 'usd',
      status: 'requires_payment_method',
      description: 'A coffee for RR Companion',
      metadata: { user_id: '7', kind: 'coffee' },
      customer: null,
      latest_charge: null,
      last_payment_error: null,
      livemode: false,
      automatic_payment_methods: { enabled: true, allow_redirects: 'always' },
    });
    expect(created.id).toMatch(/^pi_[A-Za-z0-9]+$/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_[A-Za-z0-9]+$`));
    expect(Math.abs(created.created - Date.now() / 1000)).toBeLessThan(5);

    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    expect({ ...retrieved, lastResponse: undefined }).toEqual({ ...created, lastResponse: undefined });

    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      caller: 'secret',
      status: 200,
      stripeVersion: API_VERSION,
      params: { amount: '500', metadata: { user_id: '7', kind: 'coffee' } },
    });
  });

  it('is paid by a 4242 card as Stripe.js pays it, and webhooks a signed payment_intent.succeeded', async () => {
    const intent = await coffee();
    const confirmed = await asStripeJs('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      payment_method_data: card('4242424242424242'),
      expected_payment_method_type: 'card',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('access-control-allow-origin')).toBe('*');
    expect(confirmed.body).toMatchObject({ id: intent.id, status: 'succeeded' });
    // A publishable key sees no metadata or customer, as with the real Stripe.js.
    expect(confirmed.body.metadata).toBeUndefined();

    const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 500, last_payment_error: null });
    const charge = paid.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 500,
      amount_refunded: 0,
      refunded: false,
      status: 'succeeded',
      paid: true,
      payment_intent: intent.id,
      metadata: { user_id: '7', kind: 'coffee' },
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    });
    expect(charge.id).toMatch(/^ch_/);

    const events = await deliveredEvents();
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
    const [event] = events;
    expect(event).toMatchObject({
      object: 'event',
      api_version: API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: intent.id, status: 'succeeded', metadata: { user_id: '7', kind: 'coffee' } } },
    });
    expect(event?.id).toMatch(/^evt_/);
    expect(fake.events[0]?.deliveries).toEqual([{ at: expect.any(Number), url: receiver.url, status: 200 }]);

    const { body, signature } = receiver.received[0] ?? { body: '', signature: '' };
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() =>
      stripe.webhooks.constructEvent(body.replace('"amount": 500', '"amount": 1'), signature, WEBHOOK_SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_someoneElse')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('lets a publishable key read a PaymentIntent only with its client secret, and nothing else', async () => {
    const intent = await coffee();
    const read = await asStripeJs('GET', `/v1/payment_intents/${intent.id}`, {
      client_secret: intent.client_secret,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: intent.id, amount: 500, client_secret: intent.client_secret });
    expect(read.body.customer).toBeUndefined();

    const wrong = await asStripeJs('GET', `/v1/payment_intents/${intent.id}`, {
      client_secret: `${intent.id}_secret_wrong`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ type: 'invalid_request_error', param: 'client_secret' });
    expect((await asStripeJs('GET', `/v1/payment_intents/${intent.id}`, {})).body.error).toMatchObject({
      code: 'parameter_missing',
      param: 'client_secret',
    });

    const refused = await asStripeJs('POST', '/v1/customers', { email: 'a@example.com' });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/cannot be made with a publishable API key/);
  });

  it('declines 4000000000000002 with a StripeCardError and webhooks payment_intent.payment_failed', async () => {
    const intent = await coffee();
    const declined = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      message: 'Your card was declined.',
      code: 'card_declined',
      decline_code: 'generic_decline',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });

    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(after.latest_charge).toMatch(/^ch_/);
    expect((await stripe.charges.retrieve(String(after.latest_charge))).status).toBe('failed');

    const events = await deliveredEvents();
    expect(events.map((event) => event.type)).toEqual(['payment_intent.payment_failed']);
    expect(events[0]?.data.object).toMatchObject({
      id: intent.id,
      last_payment_error: { code: 'card_declined' },
    });

    // The same PaymentIntent can still be paid with another card.
    expect((await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).status).toBe(
      'succeeded',
    );
  });

  it.each([
    ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242424242424241', 'incorrect_number', undefined, 'Your card number is incorrect.'],
  ])('refuses test card %s with %s', async (number, code, declineCode, message) => {
    const intent = await coffee();
    const answer = await asStripeJs('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      payment_method_data: card(number),
    });
    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({
      type: 'card_error',
      code,
      message,
      payment_intent: {
        id: intent.id,
        status: 'requires_payment_method',
        last_payment_error: { code, message },
      },
    });
    expect(answer.body.error.decline_code).toBe(declineCode);
    await fake.idle();
    expect(fake.events.map((event) => event.type)).toEqual(['payment_intent.payment_failed']);
  });

  it('takes the other success cards, and refuses to confirm a PaymentIntent twice', async () => {
    const intent = await coffee();
    const paid = await asStripeJs('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      payment_method_data: card('5555555555554444'),
    });
    expect(paid.body.status).toBe('succeeded');
    const again = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: 'pm_card_visa' })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  it('answers a missing or invalid parameter with a 400 naming it', async () => {
    const missing = await stripe.paymentIntents
      .create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams)
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'amount',
      message: 'Missing required param: amount.',
    });
    const tooSmall = await stripe.paymentIntents
      .create({ amount: 20, currency: 'usd' })
      .catch((error) => error);
    expect(tooSmall).toMatchObject({ code: 'amount_too_small', param: 'amount' });
  });
});

describe('subscriptions', () => {
  async function monthlyCoffee() {
    const customer = await stripe.customers.create({
      email: 'reader@example.com',
      name: 'A Reader',
      metadata: { user_id: '7' },
    });
    // As an app sets up its price: look it up by its key, and create it the first time.
    if ((await stripe.prices.list({ lookup_keys: ['coffee_monthly'] })).data.length === 0) {
      await stripe.prices.create({
        currency: 'usd',
        unit_amount: 300,
        recurring: { interval: 'month' },
        product_data: { name: 'Monthly coffee' },
        lookup_key: 'coffee_monthly',
      });
    }
    const prices = await stripe.prices.list({ lookup_keys: ['coffee_monthly'], active: true });
    expect(prices).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    const price = prices.data[0];
    if (!price) throw new Error('the price was not listed by its lookup key');
    expect(price).toMatchObject({
      object: 'price',
      unit_amount: 300,
      type: 'recurring',
      active: true,
      lookup_key: 'coffee_monthly',
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect(price.product).toMatch(/^prod_/);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { user_id: '7' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
    return { customer, price, subscription };
  }

  it('starts incomplete with an open invoice whose PaymentIntent Stripe.js confirms', async () => {
    const { customer, price, subscription } = await monthlyCoffee();
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'incomplete',
      customer: customer.id,
      metadata: { user_id: '7' },
      items: { object: 'list', data: [{ object: 'subscription_item', price: { id: price.id } }] },
    });
    expect(subscription.items.data[0]?.id).toMatch(/^si_/);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'open',
      amount_due: 300,
      amount_paid: 0,
      currency: 'usd',
      customer: customer.id,
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { user_id: '7' } },
      },
      confirmation_secret: { type: 'payment_intent' },
    });
    const payment = invoice.payments?.data[0];
    expect(payment).toMatchObject({
      object: 'invoice_payment',
      invoice: invoice.id,
      is_default: true,
      amount_requested: 300,
      amount_paid: null,
      status: 'open',
      payment: { type: 'payment_intent' },
    });
    expect(payment?.id).toMatch(/^inpay_/);
    const intentId = String(payment?.payment.payment_intent);
    const clientSecret = String(invoice.confirmation_secret?.client_secret);
    expect(clientSecret.startsWith(`${intentId}_secret_`)).toBe(true);

    // Unexpanded, `latest_invoice` is an id and an invoice has neither confirmation_secret nor payments.
    const plain = await stripe.subscriptions.retrieve(subscription.id);
    expect(plain.latest_invoice).toBe(invoice.id);
    const plainInvoice = await stripe.invoices.retrieve(invoice.id);
    expect(plainInvoice).not.toHaveProperty('confirmation_secret');
    expect(plainInvoice).not.toHaveProperty('payments');
    const deep = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice.payments.data.payment.payment_intent'],
    });
    const intent = (deep.latest_invoice as Stripe.Invoice).payments?.data[0]?.payment
      .payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      id: intentId,
      amount: 300,
      customer: customer.id,
      metadata: {},
      description: 'Subscription creation',
    });

    const confirmed = await asStripeJs('POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: clientSecret,
      payment_method_data: card('4242424242424242'),
    });
    expect(confirmed.body.status).toBe('succeeded');

    const events = await deliveredEvents();
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'payment_intent.succeeded',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const paid = events.find((event) => event.type === 'invoice.paid')?.data.object as Stripe.Invoice;
    expect(paid).toMatchObject({ id: invoice.id, status: 'paid', amount_paid: 300, amount_remaining: 0 });
    expect(paid).not.toHaveProperty('confirmation_secret');
    const updated = events.at(-1) as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data).toMatchObject({
      object: { status: 'active' },
      previous_attributes: { status: 'incomplete' },
    });

    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toMatch(/^pm_/);
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id });
    expect(payments.data).toMatchObject([{ status: 'paid', amount_paid: 300 }]);
    const byIntent = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: intentId },
    });
    expect(byIntent.data.map((item) => item.invoice)).toEqual([invoice.id]);
  });

  it('renews: a subscription_cycle invoice paid at once by a PaymentIntent without metadata', async () => {
    const { subscription } = await monthlyCoffee();
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    await stripe.paymentIntents.confirm(String(invoice.payments?.data[0]?.payment.payment_intent), {
      payment_method: 'pm_card_visa',
    });
    const firstPeriodEnd = subscription.items.data[0]?.current_period_end ?? 0;
    await fake.idle();
    receiver.received.length = 0;

    const response = await fetch(`${fake.url}/__fake/subscriptions/${subscription.id}/renew`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    const renewed = (await response.json()) as { invoice: Stripe.Invoice };
    expect(renewed.invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 300,
    });

    const events = await deliveredEvents();
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'payment_intent.succeeded',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const intent = events[1]?.data.object as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'succeeded', amount: 300, metadata: {} });
    expect(events[2]?.data.object).toMatchObject({
      id: renewed.invoice.id,
      parent: { subscription_details: { subscription: subscription.id, metadata: { user_id: '7' } } },
    });
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after).toMatchObject({ status: 'active', latest_invoice: renewed.invoice.id });
    expect(after.items.data[0]?.current_period_start).toBe(firstPeriodEnd);
    expect(after.items.data[0]?.current_period_end).toBeGreaterThan(firstPeriodEnd);
  });

  it('falls past due when a renewal is declined', async () => {
    const { subscription } = await monthlyCoffee();
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    await stripe.paymentIntents.confirm(String(invoice.payments?.data[0]?.payment.payment_intent), {
      payment_method: 'pm_card_visa',
    });
    const { invoice: renewal } = fake.renewSubscription(subscription.id, 'pm_card_chargeDeclined');
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 1 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await fake.idle();
    expect(fake.events.slice(-3).map((event) => event.type)).toEqual([
      'payment_intent.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
  });

  it('cancels at once or at period end', async () => {
    const { subscription } = await monthlyCoffee();
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    await stripe.paymentIntents.confirm(String(invoice.payments?.data[0]?.payment.payment_intent), {
      payment_method: 'pm_card_visa',
    });
    const ending = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(ending).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(fake.renewSubscription(subscription.id)).toMatchObject({
      invoice: null,
      subscription: { status: 'canceled' },
    });
    await fake.idle();
    expect(fake.events.at(-1)?.type).toBe('customer.subscription.deleted');

    const other = await monthlyCoffee();
    const canceled = await stripe.subscriptions.cancel(other.subscription.id);
    expect(canceled.status).toBe('canceled');
  });
});

describe('refunds', () => {
  it('refunds part then the rest, webhooking charge.refunded with the charge', async () => {
    const intent = await coffee();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await fake.idle();
    receiver.received.length = 0;

    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 200 });
    expect(partial).toMatchObject({
      object: 'refund',
      amount: 200,
      payment_intent: intent.id,
      status: 'succeeded',
    });
    expect(partial.id).toMatch(/^re_/);

    const response = await fetch(`${fake.url}/__fake/refund`, {
      method: 'POST',
      body: JSON.stringify({ payment_intent: intent.id }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ amount: 300 });

    const events = await deliveredEvents();
    expect(events.map((event) => event.type)).toEqual([
      'charge.refunded',
      'refund.created',
      'charge.refunded',
      'refund.created',
    ]);
    expect(events[0]?.data).toMatchObject({
      object: {
        object: 'charge',
        id: partial.charge,
        amount: 500,
        amount_refunded: 200,
        refunded: false,
        payment_intent: intent.id,
        metadata: { user_id: '7' },
      },
      previous_attributes: { amount_refunded: 0, refunded: false },
    });
    expect(events[2]?.data.object).toMatchObject({ amount_refunded: 500, refunded: true });

    const again = await stripe.refunds.create({ payment_intent: intent.id }).catch((error: unknown) => error);
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });
});

describe('errors', () => {
  it('answers a wrong or missing key with 401', async () => {
    const wrong = await sdk('sk_live_notTheKey1234')
      .customers.create({ email: 'a@example.com' })
      .catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(wrong).toMatchObject({
      statusCode: 401,
      message: 'Invalid API Key provided: sk_live_*********1234',
    });

    const bare = await fetch(`${fake.url}/v1/customers`);
    expect(bare.status).toBe(401);
    expect((await bare.json()).error.message).toMatch(/^You did not provide an API key/);

    const strict = await startFakeStripe({ secretKey: SECRET_KEY });
    try {
      const other = new Stripe('sk_test_anotherAccountsKey00', {
        host: '127.0.0.1',
        port: Number(new URL(strict.url).port),
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      await expect(other.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    } finally {
      await strict.close();
    }
  });

  it('answers an unknown id with 404 resource_missing, and an unknown URL with 404', async () => {
    const missing = await stripe.paymentIntents.retrieve('pi_nope').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'intent',
      message: "No such payment_intent: 'pi_nope'",
    });
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      statusCode: 404,
      message: "No such subscription: 'sub_nope'",
    });
    const unknown = await fetch(`${fake.url}/v1/nothing_here`, {
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/nothing_here\)/,
    );
  });

  it('refuses expanding a field that is not there', async () => {
    const intent = await coffee();
    await expect(
      stripe.paymentIntents.retrieve(intent.id, { expand: ['no_such_field'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (no_such_field).',
    });
  });
});

describe('the wire', () => {
  it('answers CORS preflights and sends CORS headers on /v1/', async () => {
    const preflight = await fetch(`${fake.url}/v1/payment_intents/pi_x/confirm`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:3100', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('replays a POST sent again with the same Idempotency-Key, and refuses the key with other parameters', async () => {
    const post = (body: string) =>
      fetch(`${fake.url}/v1/customers`, {
        method: 'POST',
        body,
        headers: {
          authorization: `Bearer ${SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': 'same-key',
        },
      });
    const first = await (await post('email=a%40example.com')).json();
    const second = await post('email=a%40example.com');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await second.json()).id).toBe(first.id);
    const other = await post('email=b%40example.com');
    expect(other.status).toBe(400);
    expect((await other.json()).error.type).toBe('idempotency_error');
  });
});

describe('control', () => {
  it('lists events, re-delivers one with the same id, and records each delivery’s status', async () => {
    const intent = await coffee();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const events = (await (await fetch(`${fake.url}/__fake/events`)).json()) as typeof fake.events;
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
    const id = events[0]?.id ?? '';

    receiver.status = 500;
    const resent = await fetch(`${fake.url}/__fake/events/${id}/resend`, { method: 'POST' });
    expect(resent.status).toBe(200);
    const delivered = await deliveredEvents();
    expect(delivered.map((event) => event.id)).toEqual([id, id]);
    expect(fake.events[0]?.deliveries.map((delivery) => delivery.status)).toEqual([200, 500]);
    expect(receiver.received[0]?.body).toBe(receiver.received[1]?.body);
  });

  it('sends arbitrary events, moves the webhook endpoint, and tells unreachable endpoints apart', async () => {
    const sent = await fetch(`${fake.url}/__fake/events`, {
      method: 'POST',
      body: JSON.stringify({
        type: 'customer.subscription.deleted',
        object: { id: 'sub_x', object: 'subscription' },
      }),
    });
    expect(sent.status).toBe(201);
    const [event] = await deliveredEvents();
    expect(event).toMatchObject({ type: 'customer.subscription.deleted', data: { object: { id: 'sub_x' } } });

    const moved = await fetch(`${fake.url}/__fake/webhook`, {
      method: 'POST',
      body: JSON.stringify({ url: 'http://127.0.0.1:9/unreachable', secret: 'whsec_x' }),
    });
    expect(moved.status).toBe(200);
    const lost = fake.sendEvent('charge.refunded', { id: 'ch_x', object: 'charge' });
    await fake.idle();
    expect(lost.deliveries).toMatchObject([{ status: null, url: 'http://127.0.0.1:9/unreachable' }]);
    expect(lost.deliveries[0]?.error).toBeTruthy();
    fake.configureWebhook(receiver.url, WEBHOOK_SECRET);
  });

  it('shows any object by id, resets, and refuses mistakes', async () => {
    const intent = await coffee();
    const object = await fetch(`${fake.url}/__fake/objects/${intent.id}`);
    expect(await object.json()).toMatchObject({ id: intent.id, metadata: { user_id: '7' } });
    expect((await fetch(`${fake.url}/__fake/reset`, { method: 'POST' })).status).toBe(200);
    expect(fake.requests).toEqual([]);
    expect((await fetch(`${fake.url}/__fake/objects/${intent.id}`)).status).toBe(404);
    expect((await fetch(`${fake.url}/__fake/subscriptions/sub_nope/renew`, { method: 'POST' })).status).toBe(
      404,
    );
    expect(
      (await fetch(`${fake.url}/__fake/refund`, { method: 'POST', body: JSON.stringify({ amount: 1 }) }))
        .status,
    ).toBe(400);
    expect((await fetch(`${fake.url}/__fake/nothing`)).status).toBe(404);
  });
});

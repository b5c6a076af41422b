// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { CardElement, Elements, ElementsConsumer } from '@stripe/react-stripe-js';
import type { StripeCardElement, Stripe as StripeJs } from '@stripe/stripe-js';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeStripe, STRIPE_JS_STAND_IN, startFakeStripe } from './server.ts';

const PUBLISHABLE_KEY = 'pk_test_standInUnitTests000000000000';
const STAND_IN = readFileSync(STRIPE_JS_STAND_IN, 'utf8');

type StandInStripe = StripeJs & { _wrappers: { name: string }[] };
type StripeFactory = (key: string, options?: object) => StandInStripe;
const standIn = () => (window as unknown as { Stripe: StripeFactory }).Stripe;

let fake: FakeStripe;
let api: Stripe;
let loadStripe: typeof import('@stripe/stripe-js').loadStripe;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  fake = await startFakeStripe();
  api = new Stripe('sk_test_standInUnitTests000000000000', {
    host: '127.0.0.1',
    port: Number(new URL(fake.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  // What useStripeStandIn's routing does in a real browser: api.stripe.com is the fake.
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) =>
    realFetch(String(input).replace('https://api.stripe.com', fake.url), init),
  );
  // As in the browser, where the stand-in is loaded before @stripe/stripe-js looks for window.Stripe (it
  // looks as soon as it is imported, and would otherwise wait for a script jsdom never loads).
  new Function(STAND_IN)();
  ({ loadStripe } = await import('@stripe/stripe-js'));
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  fake.reset();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await fake.close();
});

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

function type(label: string, value: string, leave = true) {
  const field = input(label);
  fireEvent.input(field, { target: { value } });
  if (leave) fireEvent.blur(field);
}

function fillCard(number = '4242424242424242', expiry = '12/34', cvc = '123', zip = '12345') {
  type('Card number', number);
  type('Expiration date MM / YY', expiry);
  type('CVC', cvc);
  type('ZIP', zip);
}

function mountCard(stripe: StripeJs) {
  const node = document.createElement('div');
  document.body.appendChild(node);
  const card = stripe.elements().create('card', { style: { base: { fontSize: '16px' } } });
  const changes: {
    complete: boolean;
    empty: boolean;
    brand: string;
    error?: { code: string; message: string };
  }[] = [];
  card.on('change', (event) => changes.push(event));
  card.mount(node);
  return { card, node, changes };
}

const coffee = () => api.paymentIntents.create({ amount: 500, currency: 'usd', metadata: { user_id: '7' } });

describe('the Stripe.js stand-in', () => {
  it('passes for Stripe.js with @stripe/stripe-js: the release train, the methods react-stripe-js checks', async () => {
    const warn = vi.spyOn(console, 'warn');
    const stripe = (await loadStripe(PUBLISHABLE_KEY)) as StandInStripe;
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    for (const method of ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment'] as const) {
      expect(typeof stripe[method]).toBe('function');
    }
    expect(stripe._wrappers).toEqual([
      { name: 'stripe-js', version: '10.2.1', startTime: expect.any(Number) },
    ]);
    expect(() => standIn()('sk_test_secret')).toThrow(/secret key/);
  });

  it('draws a one-line card field with labelled inputs, says ready after mounting, and reports changes', async () => {
    const { card, node, changes } = mountCard(standIn()(PUBLISHABLE_KEY));
    const ready = vi.fn();
    card.on('ready', ready);
    expect(ready).not.toHaveBeenCalled();
    await waitFor(() => expect(ready).toHaveBeenCalledWith({ elementType: 'card' }));
    expect(node.classList.contains('StripeElement')).toBe(true);
    expect(node.classList.contains('StripeElement--empty')).toBe(true);

    type('Card number', '4242424242424242');
    expect(input('Card number').value).toBe('4242 4242 4242 4242');
    expect(changes.at(-1)).toMatchObject({
      elementType: 'card',
      empty: false,
      complete: false,
      brand: 'visa',
    });
    expect(changes.at(-1)?.error).toBeUndefined();
    type('Expiration date MM / YY', '1234');
    expect(input('Expiration date MM / YY').value).toBe('12 / 34');
    type('CVC', '12');
    expect(changes.at(-1)?.error).toMatchObject({
      type: 'validation_error',
      code: 'incomplete_cvc',
      message: "Your card's security code is incomplete.",
    });
    type('CVC', '123');
    type('ZIP', '12345');
    expect(changes.at(-1)).toMatchObject({ complete: true, empty: false, value: { postalCode: '12345' } });
    expect(node.classList.contains('StripeElement--complete')).toBe(true);

    type('Card number', '4242424242424241', false);
    expect(changes.at(-1)).toMatchObject({
      complete: false,
      error: { code: 'invalid_number', message: 'Your card number is invalid.' },
    });
    type('Card number', '4242424242424242');
    type('Expiration date MM / YY', '01 / 20');
    expect(changes.at(-1)?.error?.code).toBe('invalid_expiry_year_past');

    // Keys stay inside the card field, as in Stripe's iframe; Escape is reported as an `escape` event.
    const onEscape = vi.fn();
    const pageKeys = vi.fn();
    card.on('escape', onEscape);
    document.addEventListener('keydown', pageKeys);
    fireEvent.keyDown(input('CVC'), { key: 'Escape' });
    document.removeEventListener('keydown', pageKeys);
    expect(onEscape).toHaveBeenCalledWith({ elementType: 'card' });
    expect(pageKeys).not.toHaveBeenCalled();

    card.clear();
    expect(changes.at(-1)).toMatchObject({ empty: true, complete: false });
    card.destroy();
    expect(node.querySelector('input')).toBeNull();
  });

  it('pays with confirmCardPayment as Stripe.js does: the card fields, the publishable key, the client secret', async () => {
    const stripe = standIn()(PUBLISHABLE_KEY);
    const { card } = mountCard(stripe);
    const intent = await coffee();

    type('Card number', '4242 4242 42');
    const incomplete = await stripe.confirmCardPayment(String(intent.client_secret), {
      payment_method: { card },
    });
    expect(incomplete).toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    });
    expect(fake.requests.map((request) => request.path)).toEqual(['/v1/payment_intents']);

    fillCard();
    const paid = await stripe.confirmCardPayment(String(intent.client_secret), { payment_method: { card } });
    expect(paid.error).toBeUndefined();
    expect(paid.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded', amount: 500 });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${intent.id}/confirm`,
      caller: 'publishable',
      params: {
        key: PUBLISHABLE_KEY,
        client_secret: intent.client_secret,
        payment_method_data: {
          type: 'card',
          card: { number: '4242424242424242', exp_month: '12', exp_year: '34', cvc: '123' },
          billing_details: { address: { postal_code: '12345' } },
        },
      },
    });
    const read = await stripe.retrievePaymentIntent(String(intent.client_secret));
    expect(read.paymentIntent?.status).toBe('succeeded');
  });

  it('resolves a declined card to {error} with Stripe’s message rather than rejecting', async () => {
    const stripe = standIn()(PUBLISHABLE_KEY);
    const { card } = mountCard(stripe);
    const intent = await coffee();
    fillCard('4000000000000002');
    const declined = await stripe.confirmCardPayment(String(intent.client_secret), {
      payment_method: { card },
    });
    expect(declined.paymentIntent).toBeUndefined();
    expect(declined.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
  });

  it('makes PaymentMethods and tokens from the card', async () => {
    const stripe = standIn()(PUBLISHABLE_KEY);
    const { card } = mountCard(stripe);
    fillCard('5555555555554444');
    const { paymentMethod } = await stripe.createPaymentMethod({ type: 'card', card });
    expect(paymentMethod).toMatchObject({ type: 'card', card: { brand: 'mastercard', last4: '4444' } });
    const { token } = await stripe.createToken(card);
    expect(token).toMatchObject({ object: 'token', card: { last4: '4444', address_zip: '12345' } });
  });

  it('works inside @stripe/react-stripe-js: <Elements> and <CardElement>, then confirmCardPayment', async () => {
    const stripePromise = loadStripe(PUBLISHABLE_KEY);
    const onChange = vi.fn();
    const onReady = vi.fn();
    let captured: { stripe: StripeJs | null; elements: ReturnType<StripeJs['elements']> | null } | undefined;
    render(
      createElement(
        Elements,
        { stripe: stripePromise },
        createElement(CardElement, { onChange, onReady }),
        createElement(ElementsConsumer, {
          // biome-ignore lint/correctness/noChildrenProp: the consumer's child is a render function, which its props type asks for
          children: (value: NonNullable<typeof captured>) => {
            captured = value;
            return null;
          },
        }),
      ),
    );
    await waitFor(() => expect(onReady).toHaveBeenCalled());
    const stripe = (await stripePromise) as StandInStripe;
    expect(stripe._wrappers.map((wrapper) => wrapper.name)).toEqual(['stripe-js', 'react-stripe-js']);

    await act(async () => fillCard());
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ complete: true, brand: 'visa' }));
    const card = captured?.elements?.getElement(CardElement) as StripeCardElement;
    expect(card).toBeTruthy();

    const intent = await coffee();
    const paid = await stripe.confirmCardPayment(String(intent.client_secret), { payment_method: { card } });
    expect(paid.paymentIntent?.status).toBe('succeeded');
  });
});

// Card PaymentMethods: made from the card details Stripe.js sends, or from Stripe's test ids (`pm_card_visa`).
// The card number stays with the fake (never in an answer), for payments.ts to charge.
import { createHash } from 'node:crypto';
import { brandOf, TEST_PAYMENT_METHODS, validateCard } from './cards.ts';
import { cardError, invalidParam, missingParam, noSuch } from './errors.ts';
import { newId, unixNow } from './ids.ts';
import type { CardDetails, PaymentMethod } from './objects.ts';
import { optionalHash, optionalInteger, optionalString, type Params } from './params.ts';
import type { StripeState } from './state.ts';

/** The card behind each PaymentMethod: never part of an answer, as with the real API. */
const CARDS = new WeakMap<PaymentMethod, CardDetails>();

/** The card details a PaymentMethod was made from. */
export function cardOf(method: PaymentMethod): CardDetails | undefined {
  return CARDS.get(method);
}

export function createCardPaymentMethod(
  state: StripeState,
  card: CardDetails,
  billing: Params | undefined,
): PaymentMethod {
  const brand = brandOf(card.number);
  const address = (billing && optionalHash(billing, 'address')) ?? {};
  const text = (params: Params, name: string) => optionalString(params, name) ?? null;
  const method: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: text(address, 'city'),
        country: text(address, 'country'),
        line1: text(address, 'line1'),
        line2: text(address, 'line2'),
        postal_code: text(address, 'postal_code'),
        state: text(address, 'state'),
      },
      email: billing ? text(billing, 'email') : null,
      name: billing ? text(billing, 'name') : null,
      phone: billing ? text(billing, 'phone') : null,
      tax_id: null,
    },
    card: {
      brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: address.postal_code ? 'pass' : null,
        cvc_check: card.cvc ? 'pass' : null,
      },
      country: 'US',
      display_brand: brand,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixNow(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  CARDS.set(method, card);
  return state.add(method);
}

/** Card details from a `card[…]` hash; `prefix` names the parameter in errors (`payment_method_data[card]`). */
export function cardFromParams(params: Params, prefix: string): CardDetails {
  const card = optionalHash(params, 'card');
  if (!card) throw missingParam(`${prefix}`);
  const number = (optionalString(card, 'number') ?? '').replace(/[\s-]/g, '');
  if (number === '') throw missingParam(`${prefix}[number]`);
  const expMonth = optionalInteger(card, 'exp_month');
  if (expMonth === undefined) throw missingParam(`${prefix}[exp_month]`);
  const expYear = optionalInteger(card, 'exp_year');
  if (expYear === undefined) throw missingParam(`${prefix}[exp_year]`);
  return {
    number,
    exp_month: expMonth,
    exp_year: expYear < 100 ? 2000 + expYear : expYear,
    cvc: optionalString(card, 'cvc'),
  };
}

/** A `pm_…` id: a stored PaymentMethod, or one of Stripe's test ids (`pm_card_visa`), which makes a new one. */
export function resolvePaymentMethod(
  state: StripeState,
  id: string,
  param = 'payment_method',
): PaymentMethod {
  const testNumber = TEST_PAYMENT_METHODS[id];
  if (testNumber) {
    const year = new Date().getUTCFullYear() + 3;
    return createCardPaymentMethod(
      state,
      { number: testNumber, exp_month: 12, exp_year: year, cvc: '123' },
      {},
    );
  }
  const found = state.get('payment_method', id);
  if (!found) throw noSuch('PaymentMethod', id, param);
  return found;
}

/** Creates a card PaymentMethod from `type=card&card[…]` (or refuses the card as Stripe would). */
export function createPaymentMethodFromParams(
  state: StripeState,
  params: Params,
  prefix = 'card',
): PaymentMethod {
  const type = optionalString(params, 'type') ?? 'card';
  if (type !== 'card') {
    throw invalidParam('type', `The fake Stripe only makes card PaymentMethods, not "${type}".`);
  }
  const card = cardFromParams(params, prefix);
  const problem = validateCard(card);
  if (problem) throw cardError(problem);
  return createCardPaymentMethod(state, card, optionalHash(params, 'billing_details'));
}

// PaymentIntents and the charges that pay them: the money side of the fake, which knows nothing of invoices
// (invoices.ts settles an invoice after its PaymentIntent's payment attempt).
import { type CardFailure, chargeOutcome, passesLuhn, validateCard } from './cards.ts';
import { cardError, invalidParam, invalidRequest, noSuch } from './errors.ts';
import { clientSecretFor, newId, unixNow } from './ids.ts';
import type { Charge, LastPaymentError, Metadata, PaymentIntent, PaymentMethod } from './objects.ts';
import {
  optionalHash,
  optionalInteger,
  optionalString,
  type Params,
  requiredInteger,
  requiredString,
  updateMetadata,
} from './params.ts';
import { cardFromParams, cardOf, createCardPaymentMethod, resolvePaymentMethod } from './payment-methods.ts';
import type { StripeState } from './state.ts';

const TWO_DECIMAL_MINIMUM = new Set(['usd', 'eur', 'gbp', 'cad', 'aud', 'chf', 'nzd', 'sgd']);

export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

export interface NewPaymentIntent {
  amount: number;
  currency: string;
  customer?: string | null;
  description?: string | null;
  metadata?: Metadata;
  paymentMethodTypes?: string[];
  automaticPaymentMethods?: boolean;
  setupFutureUsage?: string | null;
  receiptEmail?: string | null;
}

export function checkAmount(amount: number, currency: string): void {
  if (amount < 1) throw invalidParam('amount', 'This value must be greater than or equal to 1.');
  if (TWO_DECIMAL_MINIMUM.has(currency) && amount < 50) {
    throw invalidRequest(`Amount must be at least ${formatAmount(50, currency)} ${currency}`, {
      code: 'amount_too_small',
      param: 'amount',
    });
  }
  if (amount > 99_999_999) {
    throw invalidRequest(`Amount must be no more than ${formatAmount(99_999_999, currency)}`, {
      code: 'amount_too_large',
      param: 'amount',
    });
  }
}

export function createPaymentIntent(state: StripeState, options: NewPaymentIntent): PaymentIntent {
  const id = newId('pi');
  const automatic = options.automaticPaymentMethods ?? !options.paymentMethodTypes;
  return state.add<PaymentIntent>({
    id,
    object: 'payment_intent',
    amount: options.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: automatic ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: clientSecretFor(id),
    confirmation_method: 'automatic',
    created: unixNow(),
    currency: options.currency,
    customer: options.customer ?? null,
    customer_account: null,
    description: options.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: options.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: options.paymentMethodTypes ?? ['card'],
    processing: null,
    receipt_email: options.receiptEmail ?? null,
    review: null,
    setup_future_usage: options.setupFutureUsage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  });
}

export function findPaymentIntent(state: StripeState, id: string): PaymentIntent {
  const found = state.get('payment_intent', id);
  if (!found) throw noSuch('payment_intent', id, 'intent');
  return found;
}

const PUBLIC_FIELDS = [
  'id',
  'object',
  'amount',
  'amount_details',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_configuration_details',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'source',
  'status',
];

/** What a publishable key sees of a PaymentIntent (no metadata, customer or charges), as with Stripe.js. */
export function publicView(intent: PaymentIntent): Record<string, unknown> {
  return Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, structuredClone(intent[field])]));
}

function unexpectedState(intent: PaymentIntent, message: string, view: (pi: PaymentIntent) => unknown) {
  return invalidRequest(message, { code: 'payment_intent_unexpected_state', payment_intent: view(intent) });
}

export function updatePaymentIntent(state: StripeState, intent: PaymentIntent, params: Params): void {
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    throw unexpectedState(
      intent,
      `You cannot update this PaymentIntent because it has a status of ${intent.status}. Updates are only allowed when the PaymentIntent has one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
      (pi) => structuredClone(pi),
    );
  }
  const amount = optionalInteger(params, 'amount');
  const currency = optionalString(params, 'currency')?.toLowerCase();
  if (amount !== undefined || currency !== undefined)
    checkAmount(amount ?? intent.amount, currency ?? intent.currency);
  if (amount !== undefined) intent.amount = amount;
  if (currency !== undefined) intent.currency = currency;
  const customer = optionalString(params, 'customer');
  if (customer !== undefined) {
    if (customer !== '' && !state.get('customer', customer)) throw noSuch('customer', customer, 'customer');
    intent.customer = customer || null;
  }
  const description = optionalString(params, 'description');
  if (description !== undefined) intent.description = description || null;
  const receiptEmail = optionalString(params, 'receipt_email');
  if (receiptEmail !== undefined) intent.receipt_email = receiptEmail || null;
  const future = optionalString(params, 'setup_future_usage');
  if (future !== undefined) intent.setup_future_usage = future || null;
  intent.metadata = updateMetadata(intent.metadata, params);
}

export function cancelPaymentIntent(
  state: StripeState,
  intent: PaymentIntent,
  reason: string | undefined,
): void {
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw unexpectedState(
      intent,
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      (pi) => structuredClone(pi),
    );
  }
  intent.status = 'canceled';
  intent.canceled_at = unixNow();
  intent.cancellation_reason = reason ?? null;
  state.emit('payment_intent.canceled', intent);
}

export type PaymentOutcome =
  | { ok: true; charge: Charge }
  | { ok: false; failure: CardFailure; charge: Charge | undefined; method: PaymentMethod | undefined };

/**
 * Confirms a PaymentIntent with the payment method the parameters name (`payment_method`, or
 * `payment_method_data[type]=card&payment_method_data[card][…]` as Stripe.js sends), or the one already on it.
 * Answers the outcome; a refused card leaves the intent in `requires_payment_method` with `last_payment_error`.
 */
export function confirmPaymentIntent(
  state: StripeState,
  intent: PaymentIntent,
  params: Params,
  view: (pi: PaymentIntent) => unknown,
): PaymentOutcome {
  if (intent.status === 'succeeded') {
    throw unexpectedState(
      intent,
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      view,
    );
  }
  if (intent.status === 'canceled') {
    throw unexpectedState(
      intent,
      'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.',
      view,
    );
  }
  const future = optionalString(params, 'setup_future_usage');
  if (future !== undefined) intent.setup_future_usage = future || null;
  const receiptEmail = optionalString(params, 'receipt_email');
  if (receiptEmail !== undefined) intent.receipt_email = receiptEmail || null;

  const methodId = optionalString(params, 'payment_method');
  const data = optionalHash(params, 'payment_method_data');
  let method: PaymentMethod;
  if (methodId) {
    method = resolvePaymentMethod(state, methodId);
  } else if (data) {
    const type = requiredString(data, 'type');
    if (type !== 'card') {
      throw invalidParam('payment_method_data[type]', `The fake Stripe only takes cards, not "${type}".`);
    }
    const card = cardFromParams(data, 'payment_method_data[card]');
    const problem = validateCard(card);
    if (problem) return failPayment(state, intent, problem, undefined, undefined);
    method = createCardPaymentMethod(state, card, optionalHash(data, 'billing_details'));
  } else if (intent.payment_method) {
    method = resolvePaymentMethod(state, intent.payment_method);
  } else {
    throw unexpectedState(
      intent,
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
      view,
    );
  }
  return chargePaymentMethod(state, intent, method);
}

/** Charges `method` for the whole intent at once, as an off-session renewal does. */
export function chargePaymentMethod(
  state: StripeState,
  intent: PaymentIntent,
  method: PaymentMethod,
): PaymentOutcome {
  const card = cardOf(method);
  if (!card || !passesLuhn(card.number)) {
    throw invalidParam('payment_method', `PaymentMethod ${method.id} has no usable card.`);
  }
  intent.payment_method = method.id;
  const failure = chargeOutcome(card.number);
  const charge = createCharge(state, intent, method, failure);
  if (failure) return failPayment(state, intent, failure, charge, method);

  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.latest_charge = charge.id;
  intent.last_payment_error = null;
  if (intent.customer && intent.setup_future_usage && method.customer === null)
    method.customer = intent.customer;
  state.emit('payment_intent.succeeded', intent);
  return { ok: true, charge };
}

function failPayment(
  state: StripeState,
  intent: PaymentIntent,
  failure: CardFailure,
  charge: Charge | undefined,
  method: PaymentMethod | undefined,
): PaymentOutcome {
  const error: LastPaymentError = {
    type: 'card_error',
    code: failure.code,
    ...(failure.decline_code && { decline_code: failure.decline_code }),
    doc_url: `https://docs.stripe.com/error-codes/${failure.code.replaceAll('_', '-')}`,
    message: failure.message,
    ...(failure.param && { param: failure.param }),
    ...(charge && { charge: charge.id }),
    ...(method && { payment_method: structuredClone(method) }),
  };
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.last_payment_error = error;
  if (charge) intent.latest_charge = charge.id;
  state.emit('payment_intent.payment_failed', intent);
  return { ok: false, failure, charge, method };
}

/** The 402 answer for a refused card, carrying the intent as the caller may see it. */
export function declineError(
  intent: PaymentIntent,
  outcome: Extract<PaymentOutcome, { ok: false }>,
  view: (pi: PaymentIntent) => unknown,
) {
  return cardError(outcome.failure, {
    ...(outcome.charge && { charge: outcome.charge.id }),
    ...(outcome.method && { payment_method: structuredClone(outcome.method) }),
    payment_intent: view(intent),
  });
}

function createCharge(
  state: StripeState,
  intent: PaymentIntent,
  method: PaymentMethod,
  failure: CardFailure | undefined,
): Charge {
  const ok = !failure;
  return state.add<Charge>({
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: ok ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: ok ? newId('txn') : null,
    billing_details: structuredClone(method.billing_details),
    calculated_statement_descriptor: 'RR COMPANION',
    captured: ok,
    created: unixNow(),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    // Stripe copies the PaymentIntent's metadata onto its charges.
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: ok
      ? {
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'Payment complete.',
          type: 'authorized',
        }
      : {
          network_status: 'declined_by_network',
          reason: failure.decline_code ?? failure.code,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        },
    paid: ok,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: { card: structuredClone(method.card), type: 'card' },
    receipt_email: intent.receipt_email ?? null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: ok ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  });
}

/** `amount` and `currency` as a create call sends them, checked. */
export function amountParams(params: Params): { amount: number; currency: string } {
  const amount = requiredInteger(params, 'amount');
  const currency = requiredString(params, 'currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam('currency', `Invalid currency: ${currency}`);
  checkAmount(amount, currency);
  return { amount, currency };
}

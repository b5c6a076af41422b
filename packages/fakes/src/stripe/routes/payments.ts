// /v1/payment_intents, /v1/payment_methods, /v1/tokens, /v1/charges and /v1/refunds. Stripe.js's calls
// (retrieve and confirm a PaymentIntent with its client secret, create a PaymentMethod or token) also take
// a publishable key, and then see only the public part of a PaymentIntent.

import { brandOf, validateCard } from '../cards.ts';
import { cardError, invalidRequest, missingParam, noSuch } from '../errors.ts';
import { newId, unixNow } from '../ids.ts';
import { settleInvoice } from '../invoices.ts';
import type { PaymentIntent } from '../objects.ts';
import { metadataParam, optionalBoolean, optionalString, stringList } from '../params.ts';
import { cardFromParams, createPaymentMethodFromParams, resolvePaymentMethod } from '../payment-methods.ts';
import {
  amountParams,
  cancelPaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  declineError,
  findPaymentIntent,
  publicView,
  updatePaymentIntent,
} from '../payments.ts';
import { createRefund } from '../refunds.ts';
import { filterBy, page, type Route, type RouteContext, show } from './route.ts';

const ID = '([A-Za-z0-9_]+)';

/** How the caller may see a PaymentIntent: all of it with a secret key, the public part with a publishable one. */
function viewFor(context: RouteContext): (intent: PaymentIntent) => unknown {
  return context.caller.kind === 'secret' ? (intent) => show(context, intent) : publicView;
}

/** A publishable key reaches a PaymentIntent only with its client secret. */
function checkClientSecret(context: RouteContext, intent: PaymentIntent): void {
  if (context.caller.kind === 'secret') return;
  const secret = optionalString(context.params, 'client_secret');
  if (!secret) throw missingParam('client_secret');
  if (secret !== intent.client_secret) {
    throw invalidRequest(
      'The client_secret provided does not match any associated PaymentIntent on this account.',
      {
        param: 'client_secret',
      },
    );
  }
}

function createIntent(context: RouteContext): object {
  const { state, params } = context;
  const { amount, currency } = amountParams(params);
  const customer = optionalString(params, 'customer') || null;
  if (customer && !state.get('customer', customer)) throw noSuch('customer', customer, 'customer');
  const types = stringList(params, 'payment_method_types');
  const automatic = optionalBoolean(params, 'automatic_payment_methods', 'enabled');
  if (types.length > 0 && automatic) {
    throw invalidRequest(
      'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
    );
  }
  const intent = createPaymentIntent(state, {
    amount,
    currency,
    customer,
    description: optionalString(params, 'description') || null,
    metadata: metadataParam(params) ?? {},
    ...(types.length > 0 ? { paymentMethodTypes: types, automaticPaymentMethods: false } : {}),
    setupFutureUsage: optionalString(params, 'setup_future_usage') || null,
    receiptEmail: optionalString(params, 'receipt_email') || null,
  });
  const method = optionalString(params, 'payment_method');
  if (method) intent.payment_method = resolvePaymentMethod(state, method).id;
  if (optionalBoolean(params, 'confirm')) return confirm(context, intent);
  return show(context, intent);
}

function confirm(context: RouteContext, intent: PaymentIntent): object {
  const view = viewFor(context);
  checkClientSecret(context, intent);
  const outcome = confirmPaymentIntent(context.state, intent, context.params, view);
  settleInvoice(context.state, intent, outcome);
  if (!outcome.ok) throw declineError(intent, outcome, view);
  return view(intent) as object;
}

function createToken(context: RouteContext): object {
  const { state, params } = context;
  const card = cardFromParams(params, 'card');
  const problem = validateCard(card);
  if (problem) throw cardError(problem);
  const brand = brandOf(card.number);
  return state.add({
    id: newId('tok'),
    object: 'token',
    card: {
      id: newId('card'),
      object: 'card',
      address_zip: optionalString(params, 'card', 'address_zip') ?? null,
      brand: brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1),
      country: 'US',
      cvc_check: card.cvc ? 'unchecked' : null,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      funding: 'credit',
      last4: card.number.slice(-4),
      name: optionalString(params, 'card', 'name') ?? null,
    },
    client_ip: null,
    created: unixNow(),
    livemode: false,
    type: 'card',
    used: false,
  });
}

export const paymentRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/payment_intents$/, access: 'secret', handle: createIntent },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents$/,
    access: 'secret',
    handle: (context) =>
      page(
        context,
        '/v1/payment_intents',
        filterBy(context.state.all('payment_intent'), context.params, 'customer'),
      ),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/payment_intents/${ID}$`),
    access: 'client',
    handle: (context, id) => {
      const intent = findPaymentIntent(context.state, id);
      checkClientSecret(context, intent);
      return viewFor(context)(intent) as object;
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_intents/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const intent = findPaymentIntent(context.state, id);
      updatePaymentIntent(context.state, intent, context.params);
      return show(context, intent);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_intents/${ID}/confirm$`),
    access: 'client',
    handle: (context, id) => confirm(context, findPaymentIntent(context.state, id)),
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_intents/${ID}/cancel$`),
    access: 'secret',
    handle: (context, id) => {
      const intent = findPaymentIntent(context.state, id);
      cancelPaymentIntent(context.state, intent, optionalString(context.params, 'cancellation_reason'));
      return show(context, intent);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods$/,
    access: 'client',
    handle: (context) => {
      const method = createPaymentMethodFromParams(context.state, context.params);
      return context.caller.kind === 'secret' ? show(context, method) : structuredClone(method);
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/payment_methods/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const method = context.state.get('payment_method', id);
      if (!method) throw noSuch('PaymentMethod', id, 'payment_method');
      return show(context, method);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/payment_methods/${ID}/attach$`),
    access: 'secret',
    handle: (context, id) => {
      const customer = optionalString(context.params, 'customer');
      if (!customer) throw missingParam('customer');
      if (!context.state.get('customer', customer)) throw noSuch('customer', customer, 'customer');
      const method = resolvePaymentMethod(context.state, id);
      method.customer = customer;
      return show(context, method);
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/customers/${ID}/payment_methods$`),
    access: 'secret',
    handle: (context, id) => {
      if (!context.state.get('customer', id)) throw noSuch('customer', id, 'customer');
      const methods = context.state.all('payment_method').filter((method) => method.customer === id);
      return page(context, `/v1/customers/${id}/payment_methods`, methods);
    },
  },
  { method: 'POST', path: /^\/v1\/tokens$/, access: 'client', handle: createToken },
  {
    method: 'GET',
    path: /^\/v1\/charges$/,
    access: 'secret',
    handle: (context) =>
      page(
        context,
        '/v1/charges',
        filterBy(context.state.all('charge'), context.params, 'payment_intent', 'customer'),
      ),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/charges/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const charge = context.state.get('charge', id);
      if (!charge) throw noSuch('charge', id, 'charge');
      return show(context, charge);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    access: 'secret',
    handle: (context) => show(context, createRefund(context.state, context.params)),
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds$/,
    access: 'secret',
    handle: (context) =>
      page(
        context,
        '/v1/refunds',
        filterBy(context.state.all('refund'), context.params, 'payment_intent', 'charge'),
      ),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/refunds/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const refund = context.state.get('refund', id);
      if (!refund) throw noSuch('refund', id);
      return show(context, refund);
    },
  },
];

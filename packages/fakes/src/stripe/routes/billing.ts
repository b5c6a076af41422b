// /v1/customers, /v1/products, /v1/prices, /v1/subscriptions, /v1/invoices and /v1/invoice_payments, all
// for secret keys only.
import { createCustomer, createPrice, createProduct, findCustomer, updateCustomer } from '../catalog.ts';
import { invalidParam, noSuch } from '../errors.ts';
import { findInvoice } from '../invoices.ts';
import type { Price } from '../objects.ts';
import { optionalBoolean, optionalString, type Params, stringList, updateMetadata } from '../params.ts';
import {
  cancelSubscription,
  createSubscription,
  findSubscription,
  updateSubscription,
} from '../subscriptions.ts';
import { filterBy, page, type Route, type RouteContext, show } from './route.ts';

const ID = '([A-Za-z0-9_]+)';

function findPrice(context: RouteContext, id: string): Price {
  const price = context.state.get('price', id);
  if (!price) throw noSuch('price', id);
  return price;
}

function priceFilter(prices: Price[], params: Params): Price[] {
  let kept = filterBy(prices, params, 'currency', 'product', 'type');
  const active = optionalBoolean(params, 'active');
  if (active !== undefined) kept = kept.filter((price) => price.active === active);
  const lookupKeys = stringList(params, 'lookup_keys');
  if (lookupKeys.length > 10) throw invalidParam('lookup_keys', 'You may pass at most 10 lookup keys.');
  if (lookupKeys.length > 0)
    kept = kept.filter((price) => price.lookup_key && lookupKeys.includes(price.lookup_key));
  const interval = optionalString(params, 'recurring', 'interval');
  if (interval) kept = kept.filter((price) => price.recurring?.interval === interval);
  return kept;
}

export const billingRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    access: 'secret',
    handle: (context) => show(context, createCustomer(context.state, context.params)),
  },
  {
    method: 'GET',
    path: /^\/v1\/customers$/,
    access: 'secret',
    handle: (context) =>
      page(context, '/v1/customers', filterBy(context.state.all('customer'), context.params, 'email')),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/customers/${ID}$`),
    access: 'secret',
    handle: (context, id) => show(context, findCustomer(context.state, id)),
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/customers/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const customer = findCustomer(context.state, id);
      updateCustomer(context.state, customer, context.params);
      return show(context, customer);
    },
  },
  {
    method: 'DELETE',
    path: new RegExp(`^/v1/customers/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      findCustomer(context.state, id);
      context.state.objects.delete(id);
      return { id, object: 'customer', deleted: true };
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/products$/,
    access: 'secret',
    handle: (context) => show(context, createProduct(context.state, context.params)),
  },
  {
    method: 'GET',
    path: /^\/v1\/products$/,
    access: 'secret',
    handle: (context) => page(context, '/v1/products', context.state.all('product')),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/products/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const product = context.state.get('product', id);
      if (!product) throw noSuch('product', id);
      return show(context, product);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/prices$/,
    access: 'secret',
    handle: (context) => show(context, createPrice(context.state, context.params)),
  },
  {
    method: 'GET',
    path: /^\/v1\/prices$/,
    access: 'secret',
    handle: (context) => page(context, '/v1/prices', priceFilter(context.state.all('price'), context.params)),
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/prices/${ID}$`),
    access: 'secret',
    handle: (context, id) => show(context, findPrice(context, id)),
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/prices/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const price = findPrice(context, id);
      const active = optionalBoolean(context.params, 'active');
      if (active !== undefined) price.active = active;
      const nickname = optionalString(context.params, 'nickname');
      if (nickname !== undefined) price.nickname = nickname || null;
      const lookupKey = optionalString(context.params, 'lookup_key');
      if (lookupKey !== undefined) price.lookup_key = lookupKey || null;
      price.metadata = updateMetadata(price.metadata as Record<string, string>, context.params);
      return show(context, price);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/subscriptions$/,
    access: 'secret',
    handle: (context) => show(context, createSubscription(context.state, context.params)),
  },
  {
    method: 'GET',
    path: /^\/v1\/subscriptions$/,
    access: 'secret',
    handle: (context) => {
      const status = optionalString(context.params, 'status');
      let subscriptions = filterBy(context.state.all('subscription'), context.params, 'customer');
      // Without `status`, Stripe lists every subscription that is not canceled; `status=all` lists them all.
      if (!status) subscriptions = subscriptions.filter((subscription) => subscription.status !== 'canceled');
      else if (status !== 'all')
        subscriptions = subscriptions.filter((subscription) => subscription.status === status);
      return page(context, '/v1/subscriptions', subscriptions);
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/subscriptions/${ID}$`),
    access: 'secret',
    handle: (context, id) => show(context, findSubscription(context.state, id)),
  },
  {
    method: 'POST',
    path: new RegExp(`^/v1/subscriptions/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const subscription = findSubscription(context.state, id);
      updateSubscription(context.state, subscription, context.params);
      return show(context, subscription);
    },
  },
  {
    method: 'DELETE',
    path: new RegExp(`^/v1/subscriptions/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const subscription = findSubscription(context.state, id);
      cancelSubscription(context.state, subscription, 'cancellation_requested');
      return show(context, subscription);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/invoices$/,
    access: 'secret',
    handle: (context) => {
      const subscription = optionalString(context.params, 'subscription');
      let invoices = filterBy(context.state.all('invoice'), context.params, 'customer', 'status');
      if (subscription) {
        invoices = invoices.filter(
          (invoice) => invoice.parent.subscription_details.subscription === subscription,
        );
      }
      return page(context, '/v1/invoices', invoices);
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/invoices/${ID}$`),
    access: 'secret',
    handle: (context, id) => show(context, findInvoice(context.state, id)),
  },
  {
    method: 'GET',
    path: /^\/v1\/invoice_payments$/,
    access: 'secret',
    handle: (context) => {
      const intent = optionalString(context.params, 'payment', 'payment_intent');
      let payments = filterBy(context.state.all('invoice_payment'), context.params, 'invoice', 'status');
      if (intent) payments = payments.filter((payment) => payment.payment.payment_intent === intent);
      return page(context, '/v1/invoice_payments', payments);
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/v1/invoice_payments/${ID}$`),
    access: 'secret',
    handle: (context, id) => {
      const payment = context.state.get('invoice_payment', id);
      if (!payment) throw noSuch('invoice_payment', id);
      return show(context, payment);
    },
  },
];

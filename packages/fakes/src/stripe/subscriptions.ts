// Subscriptions: started with their first invoice (invoices.ts), updated, canceled, and renewed when a period
// ends, as Stripe Billing does for a monthly price.
import { attachPaymentMethod, findCustomer, planOf } from './catalog.ts';
import { invalidParam, invalidRequest, missingParam, noSuch } from './errors.ts';
import { addInterval, newId, unixNow } from './ids.ts';
import { invoicePaymentsOf, markPaid, openInvoice, settleInvoice } from './invoices.ts';
import type { Invoice, Price, Subscription, SubscriptionItem } from './objects.ts';
import { list } from './objects.ts';
import {
  hashList,
  metadataParam,
  optionalBoolean,
  optionalInteger,
  optionalString,
  type Params,
  requiredString,
  stringList,
  updateMetadata,
} from './params.ts';
import { resolvePaymentMethod } from './payment-methods.ts';
import { chargePaymentMethod, declineError } from './payments.ts';
import type { StripeState } from './state.ts';

type PaymentBehavior =
  | 'allow_incomplete'
  | 'default_incomplete'
  | 'error_if_incomplete'
  | 'pending_if_incomplete';

export function findSubscription(state: StripeState, id: string): Subscription {
  const found = state.get('subscription', id);
  if (!found) throw noSuch('subscription', id);
  return found;
}

function itemPrice(state: StripeState, item: Params, index: number): Price {
  const id = optionalString(item, 'price');
  if (!id) throw missingParam(`items[${index}][price]`);
  const price = state.get('price', id);
  if (!price) throw noSuch('price', id, `items[${index}][price]`);
  if (price.type !== 'recurring') {
    throw invalidParam(
      `items[${index}][price]`,
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
    );
  }
  if (!price.active) throw invalidParam(`items[${index}][price]`, `The price specified is inactive.`);
  return price;
}

/**
 * Starts a subscription with its first invoice (`billing_reason: 'subscription_create'`) and that invoice's
 * PaymentIntent. With `payment_behavior=default_incomplete` it waits, `incomplete`, for the client to confirm
 * the PaymentIntent; otherwise it charges the customer's default payment method at once.
 */
export function createSubscription(state: StripeState, params: Params): Subscription {
  const customer = findCustomer(state, requiredString(params, 'customer'), 'customer');
  const itemParams = hashList(params, 'items');
  if (itemParams.length === 0) throw missingParam('items');
  const prices = itemParams.map((item, index) => ({
    price: itemPrice(state, item, index),
    quantity: optionalInteger(item, 'quantity') ?? 1,
  }));
  const first = prices[0]?.price;
  if (!first?.recurring) throw missingParam('items');
  const behavior = (optionalString(params, 'payment_behavior') ?? 'allow_incomplete') as PaymentBehavior;
  const saveDefault = optionalString(params, 'payment_settings', 'save_default_payment_method') ?? 'off';
  const methodId = optionalString(params, 'default_payment_method');
  const method = methodId
    ? attachPaymentMethod(state, methodId, customer.id, 'default_payment_method')
    : customer.invoice_settings.default_payment_method
      ? resolvePaymentMethod(state, customer.invoice_settings.default_payment_method)
      : undefined;
  if (!method && behavior === 'error_if_incomplete') {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://docs.stripe.com/billing/subscriptions/payment-methods-setting#payment-method-priority.',
      { code: 'resource_missing' },
    );
  }

  const now = unixNow();
  const id = newId('sub');
  const periodEnd = addInterval(now, first.recurring.interval, first.recurring.interval_count);
  const items = prices.map(
    ({ price, quantity }): SubscriptionItem => ({
      id: newId('si'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: now,
      current_period_end: periodEnd,
      current_period_start: now,
      discounts: [],
      metadata: {},
      plan: planOf(price),
      price: structuredClone(price),
      quantity,
      subscription: id,
      tax_rates: [],
    }),
  );
  const subscription = state.add<Subscription>({
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: now },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: first.currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: methodId && method ? method.id : null,
    default_source: null,
    default_tax_rates: [],
    description: optionalString(params, 'description') || null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: list(`/v1/subscription_items?subscription=${id}`, items),
    latest_invoice: null,
    livemode: false,
    metadata: metadataParam(params) ?? {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: (() => {
        const types = stringList(params, 'payment_settings', 'payment_method_types');
        return types.length > 0 ? types : null;
      })(),
      save_default_payment_method: saveDefault,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  });
  const { invoice, intent } = openInvoice(state, subscription, 'subscription_create', now, now);
  state.emit('customer.subscription.created', subscription);
  if (intent && method && behavior !== 'default_incomplete') {
    const outcome = chargePaymentMethod(state, intent, method);
    settleInvoice(state, intent, outcome);
    if (!outcome.ok && behavior === 'error_if_incomplete') {
      throw declineError(intent, outcome, (pi) => structuredClone(pi));
    }
  } else if (!intent) {
    // Nothing to pay (a free price): the invoice is paid at once.
    markPaid(state, invoice, undefined);
  }
  return subscription;
}

export function updateSubscription(state: StripeState, subscription: Subscription, params: Params): void {
  if (subscription.status === 'canceled') {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const previous: Record<string, unknown> = {};
  const metadata = updateMetadata(subscription.metadata, params);
  if (JSON.stringify(metadata) !== JSON.stringify(subscription.metadata)) {
    previous.metadata = subscription.metadata;
    subscription.metadata = metadata;
  }
  const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    previous.cancel_at = subscription.cancel_at;
    previous.canceled_at = subscription.canceled_at;
    previous.cancellation_details = subscription.cancellation_details;
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd
      ? (subscription.items.data[0]?.current_period_end ?? null)
      : null;
    // Stripe: `canceled_at` is the time of the request that scheduled the cancellation; resuming clears it.
    subscription.canceled_at = cancelAtPeriodEnd ? unixNow() : null;
    subscription.cancellation_details = {
      comment: null,
      feedback: null,
      reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
    };
  }
  const methodId = optionalString(params, 'default_payment_method');
  if (methodId !== undefined) {
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method = methodId
      ? attachPaymentMethod(state, methodId, subscription.customer, 'default_payment_method').id
      : null;
  }
  const description = optionalString(params, 'description');
  if (description !== undefined) {
    previous.description = subscription.description;
    subscription.description = description || null;
  }
  if (Object.keys(previous).length > 0) state.emit('customer.subscription.updated', subscription, previous);
}

/** Ends a subscription at `endedAt` (now unless its period ends it), sending customer.subscription.deleted. */
export function cancelSubscription(
  state: StripeState,
  subscription: Subscription,
  reason: string,
  endedAt = unixNow(),
): void {
  if (subscription.status === 'canceled') {
    throw invalidRequest(`The subscription ${subscription.id} has already been canceled.`);
  }
  const now = unixNow();
  subscription.status = 'canceled';
  // A cancellation scheduled for the period end keeps the time it was asked for.
  subscription.canceled_at = subscription.cancel_at_period_end ? (subscription.canceled_at ?? now) : now;
  subscription.ended_at = endedAt;
  subscription.cancellation_details = { comment: null, feedback: null, reason };
  state.emit('customer.subscription.deleted', subscription);
}

/**
 * What Stripe does when a billing period ends: a subscription set to cancel at period end ends; any other
 * active (or past due) one moves to the next period and pays a `subscription_cycle` invoice at once, off
 * session, with `paymentMethod` (a `pm_…` id or a test id such as `pm_card_chargeDeclined`) or else the
 * subscription's, the customer's or the last payment's method.
 */
export function renewSubscription(
  state: StripeState,
  subscription: Subscription,
  paymentMethod?: string,
): { subscription: Subscription; invoice: Invoice | null } {
  if (subscription.status !== 'active' && subscription.status !== 'past_due') {
    throw invalidRequest(
      `Subscription ${subscription.id} is ${subscription.status}: only an active or past_due subscription renews.`,
    );
  }
  const first = subscription.items.data[0];
  if (!first?.price.recurring) throw invalidRequest(`Subscription ${subscription.id} has no recurring item.`);
  const periodStart = first.current_period_start;
  const periodEnd = first.current_period_end;
  if (subscription.cancel_at_period_end) {
    cancelSubscription(state, subscription, 'cancellation_requested', periodEnd);
    return { subscription, invoice: null };
  }
  const method = paymentMethod
    ? resolvePaymentMethod(state, paymentMethod)
    : resolvePaymentMethod(state, renewalMethodId(state, subscription));
  for (const item of subscription.items.data) {
    const interval = item.price.recurring ?? first.price.recurring;
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(
      item.current_period_end,
      interval.interval,
      interval.interval_count,
    );
  }
  const previousInvoice = subscription.latest_invoice;
  const { invoice, intent } = openInvoice(state, subscription, 'subscription_cycle', periodStart, periodEnd);
  state.emit('customer.subscription.updated', subscription, { latest_invoice: previousInvoice });
  if (intent) settleInvoice(state, intent, chargePaymentMethod(state, intent, method));
  else markPaid(state, invoice, undefined);
  return { subscription, invoice };
}

function renewalMethodId(state: StripeState, subscription: Subscription): string {
  if (subscription.default_payment_method) return subscription.default_payment_method;
  const customer = state.get('customer', subscription.customer);
  if (customer?.invoice_settings.default_payment_method)
    return customer.invoice_settings.default_payment_method;
  for (const invoice of state.all('invoice')) {
    if (invoice.parent.subscription_details.subscription !== subscription.id) continue;
    for (const payment of invoicePaymentsOf(state, invoice.id)) {
      const intent = state.get('payment_intent', payment.payment.payment_intent);
      if (intent?.status === 'succeeded' && intent.payment_method) return intent.payment_method;
    }
  }
  return 'pm_card_visa';
}

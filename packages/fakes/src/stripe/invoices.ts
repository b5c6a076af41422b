// A subscription's invoices: opened with the PaymentIntent that pays them and the invoice payment linking the
// two, then settled by that PaymentIntent's outcome (paid: the subscription turns active; declined: past due).
import { noSuch } from './errors.ts';
import { newId, unixNow } from './ids.ts';
import type { Invoice, InvoicePayment, PaymentIntent, Price, Subscription } from './objects.ts';
import { list } from './objects.ts';
import { createPaymentIntent, type PaymentOutcome } from './payments.ts';
import type { StripeState } from './state.ts';

/** An open invoice for the subscription's current items, with the PaymentIntent that pays it. */
export function openInvoice(
  state: StripeState,
  subscription: Subscription,
  reason: 'subscription_create' | 'subscription_cycle',
  periodStart: number,
  periodEnd: number,
): { invoice: Invoice; intent: PaymentIntent | undefined } {
  const customer = state.get('customer', subscription.customer);
  const id = newId('in');
  const now = unixNow();
  const lines = subscription.items.data.map((item) => {
    const amount = item.price.unit_amount * item.quantity;
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: subscription.currency,
      description: `${item.quantity} × ${productName(state, item.price)} (at ${(item.price.unit_amount / 100).toFixed(2)} ${item.price.currency.toUpperCase()} / ${item.price.recurring?.interval})`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
        type: 'subscription_item_details',
      },
      period: { end: item.current_period_end, start: item.current_period_start },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: item.price.id, product: item.price.product },
        type: 'price_details',
        unit_amount_decimal: String(item.price.unit_amount),
      },
      quantity: item.quantity,
      taxes: [],
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const sequence = Number(customer?.next_invoice_sequence ?? 1);
  if (customer) customer.next_invoice_sequence = sequence + 1;
  const invoice = state.add<Invoice>({
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'RR Companion',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: reason === 'subscription_cycle',
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    custom_fields: null,
    customer: subscription.customer,
    customer_account: null,
    customer_address: null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(`/v1/invoices/${id}/lines`, lines),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${String(customer?.invoice_prefix ?? 'FAKE')}-${String(sequence).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: periodEnd,
    period_start: periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  });
  subscription.latest_invoice = invoice.id;
  if (total === 0) return { invoice, intent: undefined };

  const intent = createPaymentIntent(state, {
    amount: total,
    currency: subscription.currency,
    customer: subscription.customer,
    description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    // Invoices' PaymentIntents carry no metadata: the subscription's is on the invoice's `parent`.
    metadata: {},
    paymentMethodTypes: ['card'],
    automaticPaymentMethods: false,
    setupFutureUsage:
      subscription.payment_settings.save_default_payment_method === 'on_subscription' ? 'off_session' : null,
  });
  state.add<InvoicePayment>({
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: total,
    created: now,
    currency: subscription.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intent.id },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  });
  return { invoice, intent };
}

function productName(state: StripeState, price: Price): string {
  return state.get('product', price.product)?.name ?? price.product;
}

export function findInvoice(state: StripeState, id: string): Invoice {
  const found = state.get('invoice', id);
  if (!found) throw noSuch('invoice', id);
  return found;
}

export function invoicePaymentsOf(state: StripeState, invoiceId: string): InvoicePayment[] {
  return state.all('invoice_payment').filter((payment) => payment.invoice === invoiceId);
}

/** The invoice a PaymentIntent pays, if any (found through its invoice payment, as the API links them). */
export function invoicePaymentFor(state: StripeState, intentId: string): InvoicePayment | undefined {
  return state.all('invoice_payment').find((payment) => payment.payment.payment_intent === intentId);
}

/** Fields the API leaves out of an invoice unless `expand[]` asks for them. */
export function invoiceIncludable(state: StripeState, invoice: Invoice, field: string): unknown {
  const payments = invoicePaymentsOf(state, invoice.id);
  if (field === 'payments') return list(`/v1/invoices/${invoice.id}/payments`, payments);
  if (field === 'confirmation_secret') {
    const payment = payments.find((item) => item.is_default) ?? payments[0];
    const intent = payment && state.get('payment_intent', payment.payment.payment_intent);
    return intent ? { client_secret: intent.client_secret, type: 'payment_intent' } : null;
  }
  return undefined;
}

/** After an attempt to pay a PaymentIntent: if it pays an invoice, the invoice (and its subscription) follow. */
export function settleInvoice(state: StripeState, intent: PaymentIntent, outcome: PaymentOutcome): void {
  const payment = invoicePaymentFor(state, intent.id);
  const invoice = payment && state.get('invoice', payment.invoice);
  if (!payment || !invoice || invoice.status !== 'open') return;
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (outcome.ok) {
    const now = unixNow();
    payment.status = 'paid';
    payment.amount_paid = intent.amount;
    payment.status_transitions.paid_at = now;
    markPaid(state, invoice, intent);
    return;
  }
  state.emit('invoice.payment_failed', invoice);
  const subscription = state.get('subscription', invoice.parent.subscription_details.subscription);
  if (subscription?.status === 'active' && invoice.billing_reason === 'subscription_cycle') {
    subscription.status = 'past_due';
    state.emit('customer.subscription.updated', subscription, { status: 'active' });
  }
}

export function markPaid(state: StripeState, invoice: Invoice, intent: PaymentIntent | undefined): void {
  const now = unixNow();
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status_transitions.paid_at = now;
  state.emit('invoice.paid', invoice);
  state.emit('invoice.payment_succeeded', invoice);

  const subscription = state.get('subscription', invoice.parent.subscription_details.subscription);
  if (!subscription) return;
  const previous: Record<string, unknown> = {};
  if (
    subscription.status === 'incomplete' ||
    subscription.status === 'past_due' ||
    subscription.status === 'unpaid'
  ) {
    previous.status = subscription.status;
    subscription.status = 'active';
  }
  if (
    intent?.payment_method &&
    subscription.payment_settings.save_default_payment_method === 'on_subscription' &&
    subscription.default_payment_method !== intent.payment_method
  ) {
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method = intent.payment_method;
  }
  if (Object.keys(previous).length > 0) state.emit('customer.subscription.updated', subscription, previous);
}

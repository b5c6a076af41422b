// The shapes of the Stripe objects the fake keeps, as API version 2026-10-28.endive returns them. Only the
// fields the fake reads or changes are typed; the builders fill in the rest of each documented shape.

export interface StripeObject {
  id: string;
  object: string;
  [field: string]: unknown;
}

export type Metadata = Record<string, string>;

export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string | undefined;
}

export interface PaymentMethod extends StripeObject {
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; [field: string]: unknown };
}

export interface LastPaymentError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
  doc_url: string;
  charge?: string;
  payment_method?: PaymentMethod;
}

export interface PaymentIntent extends StripeObject {
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  client_secret: string;
  description: string | null;
  metadata: Metadata;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  latest_charge: string | null;
  last_payment_error: LastPaymentError | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

export interface Charge extends StripeObject {
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded' | 'failed';
}

export interface Refund extends StripeObject {
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
}

export interface Customer extends StripeObject {
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null; [field: string]: unknown };
}

export interface Product extends StripeObject {
  object: 'product';
  name: string;
  active: boolean;
}

export interface Price extends StripeObject {
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  lookup_key: string | null;
  type: 'one_time' | 'recurring';
  recurring: { interval: string; interval_count: number; [field: string]: unknown } | null;
}

export interface SubscriptionItem extends StripeObject {
  object: 'subscription_item';
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription extends StripeObject {
  object: 'subscription';
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled' | 'unpaid';
  customer: string;
  currency: string;
  metadata: Metadata;
  items: ApiList<SubscriptionItem>;
  latest_invoice: string | null;
  default_payment_method: string | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  payment_settings: { save_default_payment_method: string; [field: string]: unknown };
}

export interface Invoice extends StripeObject {
  object: 'invoice';
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: string;
  currency: string;
  customer: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Metadata };
  };
  status_transitions: { paid_at: number | null; [field: string]: unknown };
}

export interface InvoicePayment extends StripeObject {
  object: 'invoice_payment';
  invoice: string;
  amount_paid: number | null;
  amount_requested: number;
  status: 'open' | 'paid' | 'canceled';
  payment: { type: 'payment_intent'; payment_intent: string };
  status_transitions: { paid_at: number | null; canceled_at: number | null };
}

export interface PortalFlow {
  type: string;
  after_completion: {
    type: 'portal_homepage' | 'redirect' | 'hosted_confirmation';
    redirect: { return_url: string } | null;
    hosted_confirmation: { custom_message: string | null } | null;
  };
  subscription_cancel: { retention: null; subscription: string } | null;
  [field: string]: unknown;
}

export interface BillingPortalSession extends StripeObject {
  object: 'billing_portal.session';
  configuration: string;
  customer: string;
  flow: PortalFlow | null;
  return_url: string | null;
  url: string;
}

/** The objects kept by id, by their `object` field. */
export interface ObjectKinds {
  payment_intent: PaymentIntent;
  payment_method: PaymentMethod;
  charge: Charge;
  refund: Refund;
  customer: Customer;
  product: Product;
  price: Price;
  subscription: Subscription;
  subscription_item: SubscriptionItem;
  invoice: Invoice;
  invoice_payment: InvoicePayment;
  token: StripeObject;
  'billing_portal.session': BillingPortalSession;
}

export function list<T>(url: string, data: T[], hasMore = false): ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

// Customers, products and prices: what subscriptions are made of.
import { invalidParam, invalidRequest, missingParam, noSuch } from './errors.ts';
import { newId, unixNow } from './ids.ts';
import type { Customer, PaymentMethod, Price, Product } from './objects.ts';
import {
  metadataParam,
  optionalBoolean,
  optionalHash,
  optionalInteger,
  optionalString,
  type Params,
  requiredInteger,
  requiredString,
  updateMetadata,
} from './params.ts';
import { resolvePaymentMethod } from './payment-methods.ts';
import type { StripeState } from './state.ts';

export function createCustomer(state: StripeState, params: Params): Customer {
  const id = newId('cus');
  return state.add<Customer>({
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: unixNow(),
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: optionalString(params, 'description') || null,
    discount: null,
    email: optionalString(params, 'email') || null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: metadataParam(params) ?? {},
    name: optionalString(params, 'name') || null,
    next_invoice_sequence: 1,
    phone: optionalString(params, 'phone') || null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
}

export function findCustomer(state: StripeState, id: string, param = 'id'): Customer {
  const found = state.get('customer', id);
  if (!found) throw noSuch('customer', id, param);
  return found;
}

export function updateCustomer(state: StripeState, customer: Customer, params: Params): void {
  for (const field of ['email', 'name', 'description', 'phone'] as const) {
    const value = optionalString(params, field);
    if (value !== undefined) customer[field] = value || null;
  }
  customer.metadata = updateMetadata(customer.metadata, params);
  const method = optionalString(params, 'invoice_settings', 'default_payment_method');
  if (method !== undefined) {
    customer.invoice_settings.default_payment_method = method
      ? attachPaymentMethod(state, method, customer.id, 'invoice_settings[default_payment_method]').id
      : null;
  }
}

export function attachPaymentMethod(
  state: StripeState,
  id: string,
  customer: string,
  param: string,
): PaymentMethod {
  const method = resolvePaymentMethod(state, id, param);
  method.customer = customer;
  return method;
}

// ——— products and prices ———

export function createProduct(state: StripeState, params: Params, param = 'name'): Product {
  const now = unixNow();
  return state.add<Product>({
    id: newId('prod'),
    object: 'product',
    active: optionalBoolean(params, 'active') ?? true,
    attributes: [],
    created: now,
    default_price: null,
    description: optionalString(params, 'description') || null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadataParam(params) ?? {},
    name: (() => {
      const name = optionalString(params, 'name');
      if (!name) throw missingParam(param);
      return name;
    })(),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  });
}

const INTERVALS = ['day', 'week', 'month', 'year'];

export function createPrice(state: StripeState, params: Params): Price {
  const currency = requiredString(params, 'currency').toLowerCase();
  const unitAmount = requiredInteger(params, 'unit_amount');
  if (unitAmount < 0) throw invalidParam('unit_amount', 'This value must be greater than or equal to 0.');
  const productData = optionalHash(params, 'product_data');
  const productId = optionalString(params, 'product');
  let product: string;
  if (productId) {
    if (!state.get('product', productId)) throw noSuch('product', productId, 'product');
    product = productId;
  } else if (productData) {
    product = createProduct(state, productData, 'product_data[name]').id;
  } else {
    throw missingParam('product');
  }
  const recurringParams = optionalHash(params, 'recurring');
  let recurring: Price['recurring'] = null;
  if (recurringParams) {
    const interval = requiredString(recurringParams, 'interval');
    if (!INTERVALS.includes(interval)) {
      throw invalidParam(
        'recurring[interval]',
        'Invalid recurring[interval]: must be one of day, month, week, or year',
      );
    }
    recurring = {
      interval,
      interval_count: optionalInteger(recurringParams, 'interval_count') ?? 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }
  const lookupKey = optionalString(params, 'lookup_key') || null;
  if (lookupKey) {
    const holder = state.all('price').find((price) => price.lookup_key === lookupKey);
    if (holder && optionalBoolean(params, 'transfer_lookup_key')) holder.lookup_key = null;
    else if (holder) {
      throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, {
        param: 'lookup_key',
      });
    }
  }
  return state.add<Price>({
    id: newId('price'),
    object: 'price',
    active: optionalBoolean(params, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: unixNow(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: metadataParam(params) ?? {},
    nickname: optionalString(params, 'nickname') || null,
    product,
    recurring,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
}

export function planOf(price: Price): Record<string, unknown> {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: String(price.unit_amount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval,
    interval_count: price.recurring?.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

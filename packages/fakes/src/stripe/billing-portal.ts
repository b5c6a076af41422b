// The customer portal: sessions made with POST /v1/billing_portal/sessions, and what a customer does on the
// page a session's `url` opens (portal-page.ts): put a new card on their subscriptions, cancel one at the end
// of its period, or keep one they had cancelled. Each change webhooks the events Stripe sends for it.
import { attachPaymentMethod, findCustomer } from './catalog.ts';
import { invalidParam, invalidRequest, missingParam, noSuch } from './errors.ts';
import { newId, randomToken, unixNow } from './ids.ts';
import type { BillingPortalSession, Customer, PortalFlow, Subscription } from './objects.ts';
import { optionalHash, optionalString, type Params, requiredString } from './params.ts';
import type { StripeState } from './state.ts';
import { findSubscription, updateSubscription } from './subscriptions.ts';

const NOT_CONFIGURED =
  'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.';

/** Flows the portal offers; the fake's pages carry out the first two. */
const FLOW_TYPES = [
  'payment_method_update',
  'subscription_cancel',
  'subscription_update',
  'subscription_update_confirm',
];
const AFTER_COMPLETION = ['portal_homepage', 'redirect', 'hosted_confirmation'] as const;

function checkUrl(value: string, param: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidParam(param, 'Not a valid URL', 'url_invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalidParam(param, 'Not a valid URL', 'url_invalid');
  return value;
}

/** A subscription of `customer` named in `flow_data[{type}][subscription]`. */
function flowSubscription(state: StripeState, data: Params, type: string, customer: Customer): Subscription {
  const param = `flow_data[${type}][subscription]`;
  const id = requiredString(data, type, 'subscription');
  const subscription = state.get('subscription', id);
  if (!subscription || subscription.customer !== customer.id) throw noSuch('subscription', id, param);
  if (subscription.status === 'canceled') {
    throw invalidParam(param, `The subscription ${id} has been canceled and can no longer be changed.`);
  }
  return subscription;
}

function flowOf(state: StripeState, data: Params, customer: Customer): PortalFlow {
  const type = requiredString(data, 'type');
  if (!FLOW_TYPES.includes(type)) {
    throw invalidParam('flow_data[type]', `Invalid flow_data[type]: must be one of ${FLOW_TYPES.join(', ')}`);
  }
  if (type === 'subscription_update' || type === 'subscription_update_confirm') {
    flowSubscription(state, data, type, customer);
    throw invalidParam('flow_data[type]', `The fake Stripe's portal does not offer the ${type} flow.`);
  }
  const after = optionalHash(data, 'after_completion');
  const afterType = (after && optionalString(after, 'type')) || 'portal_homepage';
  if (!(AFTER_COMPLETION as readonly string[]).includes(afterType)) {
    throw invalidParam(
      'flow_data[after_completion][type]',
      `Invalid flow_data[after_completion][type]: must be one of ${AFTER_COMPLETION.join(', ')}`,
    );
  }
  let redirect: { return_url: string } | null = null;
  if (afterType === 'redirect') {
    const param = 'flow_data[after_completion][redirect][return_url]';
    const target = after && optionalString(after, 'redirect', 'return_url');
    if (!target) throw missingParam(param);
    redirect = { return_url: checkUrl(target, param) };
  }
  return {
    type,
    after_completion: {
      type: afterType as PortalFlow['after_completion']['type'],
      redirect,
      hosted_confirmation:
        afterType === 'hosted_confirmation'
          ? {
              custom_message:
                (after && optionalString(after, 'hosted_confirmation', 'custom_message')) || null,
            }
          : null,
    },
    customer_update: null,
    subscription_cancel:
      type === 'subscription_cancel'
        ? { retention: null, subscription: flowSubscription(state, data, type, customer).id }
        : null,
    subscription_pause: null,
    subscription_update: null,
    subscription_update_confirm: null,
  };
}

export function createPortalSession(state: StripeState, params: Params): BillingPortalSession {
  const customerId = optionalString(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const customer = findCustomer(state, customerId, 'customer');
  const requested = optionalString(params, 'configuration');
  if (requested && requested !== state.portalConfiguration) {
    throw noSuch('billing_portal.configuration', requested, 'configuration');
  }
  const configuration = requested || state.portalConfiguration;
  if (!configuration) throw invalidRequest(NOT_CONFIGURED);
  const returnUrl = optionalString(params, 'return_url');
  const flowData = optionalHash(params, 'flow_data');
  return state.add<BillingPortalSession>({
    id: newId('bps'),
    object: 'billing_portal.session',
    configuration,
    created: unixNow(),
    customer: customer.id,
    customer_account: null,
    flow: flowData ? flowOf(state, flowData, customer) : null,
    livemode: false,
    locale: optionalString(params, 'locale') || null,
    on_behalf_of: null,
    return_url: returnUrl ? checkUrl(returnUrl, 'return_url') : null,
    url: `${state.baseUrl}/p/session/test_${randomToken(48)}`,
  });
}

/** The session whose page is at `/p/session/{token}`. */
export function portalSessionAt(state: StripeState, token: string): BillingPortalSession | undefined {
  return state.all('billing_portal.session').find((session) => session.url.endsWith(`/p/session/${token}`));
}

/** The customer's subscriptions the portal lists: every one that has not ended. */
export function portalSubscriptions(state: StripeState, customer: string): Subscription[] {
  return state
    .all('subscription')
    .filter((subscription) => subscription.customer === customer && subscription.status !== 'canceled');
}

/**
 * A new card from the portal's form: attached to the customer, made the customer's default and the default of
 * each of their subscriptions that has not ended, so the next invoices are paid with it.
 */
export function updatePortalCard(state: StripeState, session: BillingPortalSession, testCard: string): void {
  const customer = findCustomer(state, session.customer);
  const method = attachPaymentMethod(state, testCard, customer.id, 'payment_method');
  state.emit('payment_method.attached', method);
  const before = customer.invoice_settings.default_payment_method;
  customer.invoice_settings.default_payment_method = method.id;
  state.emit('customer.updated', customer, { invoice_settings: { default_payment_method: before } });
  for (const subscription of portalSubscriptions(state, customer.id)) {
    updateSubscription(state, subscription, { default_payment_method: method.id });
  }
}

/** Cancelling (at the end of the period, the portal's default) or keeping a subscription of the session's customer. */
export function setPortalCancellation(
  state: StripeState,
  session: BillingPortalSession,
  subscriptionId: string,
  cancel: boolean,
): Subscription {
  const subscription = findSubscription(state, subscriptionId);
  if (subscription.customer !== session.customer) throw noSuch('subscription', subscriptionId);
  updateSubscription(state, subscription, { cancel_at_period_end: String(cancel) });
  return subscription;
}

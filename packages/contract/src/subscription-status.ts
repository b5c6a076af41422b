// Where a monthly donation stands, in Stripe's subscription statuses, and what a donor may still do with it.

/** Stripe's subscription statuses (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Over for good: Stripe never charges an ended subscription again, nor starts it anew. */
export function subscriptionEnded(status: SubscriptionStatus): boolean {
  return status === 'canceled' || status === 'incomplete_expired';
}

/** Running: a donor sees it, can cancel it, keep it, or change its card. (`incomplete` was never paid.) */
export function subscriptionRunning(status: SubscriptionStatus): boolean {
  return !subscriptionEnded(status) && status !== 'incomplete';
}

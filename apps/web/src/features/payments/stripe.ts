import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

// Stripe.js is fetched only when a payment page opens (the "pure" entry adds no script on import).
const loading = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loading.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => {
      loading.delete(publishableKey);
      return null;
    });
    loading.set(publishableKey, promise);
  }
  return promise;
}

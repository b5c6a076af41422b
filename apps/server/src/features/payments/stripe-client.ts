import type Stripe from 'stripe';
import type { Config } from '../../config.ts';

export interface StripeSetup {
  client: Stripe;
  publishableKey: string;
  webhookSecret: string;
}

/**
 * The official Stripe SDK, or null when the keys are not all set (donations are then switched off).
 * `STRIPE_API_URL` points it at another API host, e.g. a local stand-in during tests. The SDK is
 * loaded only when donations are on: it is a large module a server without keys never needs.
 */
export async function createStripe(settings: Config['stripe']): Promise<StripeSetup | null> {
  const { secretKey, publishableKey, webhookSecret, apiUrl } = settings;
  if (!secretKey || !publishableKey || !webhookSecret) return null;
  const { default: Stripe } = await import('stripe');
  const target = apiUrl ? new URL(apiUrl) : null;
  const client = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'RR Companion' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return { client, publishableKey, webhookSecret };
}

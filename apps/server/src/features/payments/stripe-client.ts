import Stripe from 'stripe';
import type { Config } from '../../config.ts';

export interface StripeSetup {
  client: Stripe;
  publishableKey: string;
  webhookSecret: string;
}

/**
 * The official Stripe SDK, or null when the keys are not all set (donations are then switched off).
 * `STRIPE_API_URL` points it at another API host, e.g. a local stand-in during tests.
 */
export function createStripe(settings: Config['stripe']): StripeSetup | null {
  const { secretKey, publishableKey, webhookSecret, apiUrl } = settings;
  if (!secretKey || !publishableKey || !webhookSecret) return null;
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

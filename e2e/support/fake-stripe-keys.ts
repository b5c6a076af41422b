// Where the fake Stripe listens in browser tests and the test keys the app is given for it: one place, imported
// by playwright.config.ts (to start the fake and configure the app) and by the specs' helpers.
export const FAKE_STRIPE_PORT = Number(process.env.E2E_FAKE_STRIPE_PORT ?? 4120);
/** The local api.stripe.com stand-in; the app's STRIPE_API_URL. Specs steer it through /__fake/. */
export const FAKE_STRIPE_URL = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;

/** Test-mode keys in Stripe's formats. The fake accepts only these two keys; webhooks are signed with the secret. */
export const STRIPE_TEST_KEYS = {
  secretKey: 'sk_test_51RrcE2eFakeStripeSecretKey0000000000000000',
  publishableKey: 'pk_test_51RrcE2eFakeStripePublishableKey000000000000',
  webhookSecret: 'whsec_RrcE2eFakeStripeWebhookSigningSecret00000000',
} as const;

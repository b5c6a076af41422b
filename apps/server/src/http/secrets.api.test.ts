import { Writable } from 'node:stream';
import { type FakeOidc, startFakeOidc } from '@rrc/fakes/oidc';
import { type FakeStripe, startFakeStripe } from '@rrc/fakes/stripe';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMail, linkToken, nthMessageTo, SUBJECTS, startFakeMail } from '../../test/mail.ts';
import { call, createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { loggerOptions } from '../logger.ts';

// Every secret the server holds, with values that cannot appear anywhere by accident.
const SECRETS = {
  JWT_SECRET: 'jwt-secret-7f3a9c1e5b2d4f6a8c0e2b4d6f8a0c2e',
  STRIPE_SECRET_KEY: 'sk_test_secretKey9d8c7b6a5f4e3d2c1b0a',
  STRIPE_WEBHOOK_SECRET: 'whsec_webhookSecret1a2b3c4d5e6f7a8b9c',
  OAUTH_OIDC_CLIENT_SECRET: 'oidc-client-secret-5e6f7a8b9c0d1e2f',
  OAUTH_GITHUB_CLIENT_SECRET: 'github-client-secret-0f1e2d3c4b5a',
  OAUTH_GOOGLE_CLIENT_SECRET: 'google-client-secret-a9b8c7d6e5f4',
};
/** The mail server's password, in SMTP_URL. */
const SMTP_PASSWORD = 'smtp-password-3c2b1a0f9e8d7c6b';
const PASSWORD = `${STRONG_PASSWORD}Xy9`;
const NEW_PASSWORD = `${STRONG_PASSWORD}Zq7`;

let stripeFake: FakeStripe;
let stripeClosed = false;
let oidc: FakeOidc;
let mail: FakeMail;
let t: TestApp;
const lines: string[] = [];
/** Every response body and header value the server sent. */
const answers: string[] = [];
/** Session tokens the server issued: they belong in responses, never in logs. */
const tokens: string[] = [];

async function send(options: Parameters<typeof call>[1]) {
  const response = await call(t.app, options);
  answers.push(typeof response.body === 'string' ? response.body : JSON.stringify(response.body));
  answers.push(JSON.stringify(response.headers));
  return response;
}

beforeAll(async () => {
  stripeFake = await startFakeStripe();
  oidc = await startFakeOidc();
  mail = await startFakeMail();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const env = {
    ...SECRETS,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_publishable1234567890',
    STRIPE_API_URL: stripeFake.url,
    OAUTH_OIDC_ISSUER: oidc.url,
    OAUTH_OIDC_CLIENT_ID: 'rrc',
    OAUTH_GITHUB_CLIENT_ID: 'gh-client',
    OAUTH_GOOGLE_CLIENT_ID: 'google-client',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    CONTACT_EMAIL: 'coffee@example.com',
    SMTP_URL: mail.smtpUrl.replace('smtp://', `smtp://mailer:${SMTP_PASSWORD}@`),
    LOG_LEVEL: 'trace',
  };
  // The same logger options as the real server, at the most talkative level.
  const probe = await createTestApp(env);
  const options = loggerOptions(probe.config);
  await probe.close();
  t = await createTestApp(env, { logger: pino(options, stream), jwtSecret: SECRETS.JWT_SECRET });
});

afterAll(async () => {
  await t?.close();
  if (!stripeClosed) await stripeFake?.close();
  await oidc?.close();
  await mail?.close();
});

describe('secrets', () => {
  it('never appear in a log line or a response, through sign-in, payments, OAuth and errors', async () => {
    // Accounts: register, sign in right and wrong, profile, password change, a forged token.
    const registered = await send({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'keeper@example.com', password: PASSWORD, name: 'Keeper' },
    });
    const token = (registered.body as { data: { token: string } }).data.token;
    tokens.push(token);
    await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'keeper@example.com', password: 'Wrong1234' },
    });
    const login = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'keeper@example.com', password: PASSWORD },
    });
    tokens.push((login.body as { data: { token: string } }).data.token);
    await send({ method: 'GET', url: '/api/auth/profile', token });
    const changed = await send({
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { currentPassword: PASSWORD, password: NEW_PASSWORD },
    });
    const fresh = (changed.body as { data: { token?: string } }).data.token;
    if (fresh) tokens.push(fresh);
    await send({ method: 'GET', url: '/api/auth/profile', token: `${token}x` });
    await send({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });

    // Mail: links for verification and password reset, opened; one message the mail server refuses.
    const verification = await nthMessageTo(mail, { to: 'keeper@example.com', subject: SUBJECTS.verify });
    expect(verification.authenticatedAs).toBe('mailer');
    const links = [linkToken(verification, 'http://127.0.0.1:3999', '/verify-email')];
    await send({ method: 'POST', url: '/api/auth/verify-email', payload: { token: links[0] } });
    await send({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'keeper@example.com' },
    });
    const reset = await nthMessageTo(mail, { to: 'keeper@example.com', subject: SUBJECTS.reset });
    links.push(linkToken(reset, 'http://127.0.0.1:3999', '/reset-password'));
    const afterReset = await send({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: links[1], password: PASSWORD },
    });
    tokens.push((afterReset.body as { data: { token: string } }).data.token);
    mail.refuse(true);
    await send({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'keeper@example.com' },
    });
    await t.app.backgroundTasks.idle();
    mail.refuse(false);
    expect(lines.join('')).toContain('mail could not be sent');

    // Payments: a donation, its status, webhooks signed right and wrong, Stripe unreachable.
    const coffee = await send({
      method: 'POST',
      url: '/api/stripe/create-coffee-payment',
      payload: { paymentType: 'monthly' },
    });
    expect(coffee.status).toBe(200);
    const { paymentIntentId } = (coffee.body as { data: { paymentIntentId: string } }).data;
    const { clientSecret } = (coffee.body as { data: { clientSecret: string } }).data;
    await send({
      method: 'GET',
      url: `/api/stripe/payment-status?paymentIntentId=${paymentIntentId}&client_secret=${clientSecret}`,
    });
    const stripe = new Stripe(SECRETS.STRIPE_SECRET_KEY, {
      host: '127.0.0.1',
      port: new URL(stripeFake.url).port,
      protocol: 'http',
    });
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    for (const event of stripeFake.events) {
      const payload = JSON.stringify(event);
      for (const secret of [SECRETS.STRIPE_WEBHOOK_SECRET, 'whsec_wrong']) {
        await send({
          method: 'POST',
          url: '/api/stripe/webhook',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
          },
          payload,
        });
      }
    }
    // A signed-in donor's monthly coffee: listed, cancelled, kept, and its card page opened.
    const donor = await send({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'donor@example.com', password: PASSWORD },
    });
    const donorToken = (donor.body as { data: { token: string } }).data.token;
    tokens.push(donorToken);
    const monthly = await send({
      method: 'POST',
      url: '/api/stripe/create-coffee-payment',
      token: donorToken,
      payload: { paymentType: 'monthly' },
    });
    await stripe.paymentIntents.confirm(
      (monthly.body as { data: { paymentIntentId: string } }).data.paymentIntentId,
      {
        payment_method: 'pm_card_visa',
      },
    );
    const listed = await send({ method: 'GET', url: '/api/stripe/subscriptions', token: donorToken });
    const [subscription] = (listed.body as { data: Array<{ id: string }> }).data;
    expect(subscription).toBeDefined();
    for (const action of ['cancel', 'resume', 'portal']) {
      const response = await send({
        method: 'POST',
        url: `/api/stripe/subscriptions/${subscription?.id}/${action}`,
        token: donorToken,
      });
      expect(response.status, action).toBe(200);
    }
    await stripeFake.close();
    stripeClosed = true;
    const cut = await send({
      method: 'POST',
      url: `/api/stripe/subscriptions/${subscription?.id}/cancel`,
      token: donorToken,
    });
    expect(cut.status).toBe(503);
    const unreachable = await send({
      method: 'POST',
      url: '/api/stripe/create-coffee-payment',
      payload: { paymentType: 'basic' },
    });
    expect(unreachable.status).toBe(503);

    // OAuth: the provider list, a whole sign-in through the OIDC provider, a forged state, disabled providers.
    await send({ method: 'GET', url: '/api/oauth/providers' });
    const initiated = await send({ method: 'GET', url: '/api/oauth/oidc/initiate' });
    const authorizationUrl = new URL(
      (initiated.body as { data: { authorizationUrl: string } }).data.authorizationUrl,
    );
    const cookie = String(initiated.headers['set-cookie']).split(';')[0] ?? '';
    const decision = new URL('/consent/decision', oidc.url);
    for (const [name, value] of authorizationUrl.searchParams) decision.searchParams.set(name, value);
    decision.searchParams.set('login_email', 'oidc-keeper@example.com');
    decision.searchParams.set('login_verified', 'yes');
    decision.searchParams.set('decision', 'allow');
    const toAuthorize = await fetch(decision, { redirect: 'manual' });
    const authorize = await fetch(new URL(toAuthorize.headers.get('location') ?? '', oidc.url), {
      redirect: 'manual',
    });
    const back = new URL(authorize.headers.get('location') ?? '');
    const callback = await send({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    const landing = String(callback.headers.location);
    expect(landing.startsWith('/oauth/callback?code=')).toBe(true);
    const exchangeCode = new URLSearchParams(landing.split('?')[1]).get('code') ?? '';
    // The browser then loads the callback page with the one-time code in its address, and exchanges it.
    await send({ method: 'GET', url: landing });
    const exchanged = await send({
      method: 'POST',
      url: '/api/oauth/exchange',
      headers: { cookie: String(callback.headers['set-cookie']).split(';')[0] ?? '' },
      payload: { code: exchangeCode },
    });
    expect(exchanged.status).toBe(200);
    tokens.push((exchanged.body as { data: { token: string } }).data.token, exchangeCode);
    await send({
      method: 'GET',
      url: '/api/oauth/oidc/callback?code=forged&state=forged',
      headers: { cookie },
    });
    await send({ method: 'GET', url: '/api/oauth/github/initiate' });
    await send({ method: 'GET', url: '/api/oauth/facebook/initiate' });

    // Everything else a visitor can read.
    for (const url of ['/api/config', '/api/health', '/api/docs/json', '/api/nowhere'])
      await send({ method: 'GET', url });

    expect(lines.length).toBeGreaterThan(20);
    const log = lines.join('');
    const sent = answers.join('\n');
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(log, `${name} in the log`).not.toContain(value);
      expect(sent, `${name} in a response`).not.toContain(value);
    }
    for (const link of links) expect(log, 'a mailed link in the log').not.toContain(link);
    for (const password of [PASSWORD, NEW_PASSWORD, SMTP_PASSWORD]) {
      expect(log).not.toContain(password);
      expect(sent).not.toContain(password);
    }
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    for (const issued of tokens) {
      expect(issued.length).toBeGreaterThan(20);
      expect(log, 'a session token in the log').not.toContain(issued);
    }
    // A payment's client secret lets whoever holds it see how the payment went: never logged either.
    expect(clientSecret.length).toBeGreaterThan(20);
    expect(log, 'a client secret in the log').not.toContain(clientSecret);
  });
});

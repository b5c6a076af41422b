import { Writable } from 'node:stream';
import { OAUTH_MESSAGES } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import { Events } from 'oauth2-mock-server';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser, TEST_JWT_SECRET } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loggerOptions } from '../../logger.ts';
import {
  authorize,
  CLIENT_SECRET,
  callback,
  errorOf,
  initiate,
  mockProvider,
  PUBLIC_URL,
  signedIn,
} from './oauth-flow.test-helpers.ts';

const provider = mockProvider();
const { oidcEnv, signIn } = provider;

const t = testAppForEach(() => createTestApp(oidcEnv()));
beforeEach(async () => {
  provider.claims = {};
});

async function profile(app: FastifyInstance, token: string) {
  return call<{ data: { user: { id: number; email: string; name: string | null; admin: boolean } } }>(app, {
    method: 'GET',
    url: '/api/auth/profile',
    token,
  });
}

async function oauthRows() {
  return t.database.db.selectFrom('oauth_accounts').selectAll().orderBy('id').execute();
}

async function userCount() {
  const row = await t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/oauth/providers', () => {
  it('lists every provider; only the configured one is enabled; facebook and apple are disabled', async () => {
    const response = await call<{
      success: boolean;
      data: Array<{ name: string; displayName: string; icon: string; color: string; enabled: boolean }>;
    }>(t.app, { method: 'GET', url: '/api/oauth/providers' });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const byName = Object.fromEntries(response.body.data.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(['apple', 'discord', 'facebook', 'github', 'google', 'oidc']);
    expect(byName.oidc).toMatchObject({ displayName: 'Test Provider', enabled: true });
    expect(byName.google).toMatchObject({ displayName: 'Google', enabled: false, icon: 'google' });
    expect(byName.github).toMatchObject({ displayName: 'GitHub', enabled: false });
    expect(byName.discord).toMatchObject({ displayName: 'Discord', enabled: false });
    expect(byName.facebook?.enabled).toBe(false);
    expect(byName.apple?.enabled).toBe(false);
    for (const provider of response.body.data) {
      expect(provider.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(provider.icon).toMatch(/^[a-z]+$/);
    }
    expect(response.headers.etag).toBeDefined();
    expect(response.headers['cache-control']).toContain('max-age=60');
    expect(JSON.stringify(response.body)).not.toContain(CLIENT_SECRET);
  });

  it('shows every provider disabled when none is configured', async () => {
    const bare = await createTestApp();
    try {
      const response = await call<{ data: Array<{ name: string; displayName: string; enabled: boolean }> }>(
        bare.app,
        { method: 'GET', url: '/api/oauth/providers' },
      );
      expect(response.body.data.every((p) => !p.enabled)).toBe(true);
      expect(response.body.data.find((p) => p.name === 'oidc')?.displayName).toBe('OpenID Connect');
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/oauth/:provider/initiate', () => {
  it('refuses an unconfigured or unknown provider with the SPEC message', async () => {
    for (const provider of ['github', 'google', 'discord', 'facebook', 'apple', 'myspace']) {
      const response = await call(t.app, { method: 'GET', url: `/api/oauth/${provider}/initiate` });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: `OAuth is currently disabled for ${provider}` });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers an authorization address with state and PKCE (S256), and sets the state cookie', async () => {
    const started = await initiate(t.app, 'oidc', '?fiction_id=987654321');
    const url = new URL(started.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.server.issuer.url}/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('rrc-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/oauth/oidc/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(20);
    // The fiction stays on our side; the client secret never leaves the server.
    expect(started.authorizationUrl).not.toContain('987654321');
    expect(started.authorizationUrl).not.toContain('fiction');
    expect(started.authorizationUrl).not.toContain(CLIENT_SECRET);

    expect(started.cookie).toMatch(/^rrc_oauth=[\w-]+\.[\w-]+\.[\w-]+$/);
    const attributes = started.setCookie.split(';').map((part) => part.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/api/oauth', 'HttpOnly', 'SameSite=Lax', 'Max-Age=600']),
    );
    expect(attributes).not.toContain('Secure');
    // Neither the state nor the verifier appears in the answer body.
    expect(started.setCookie).not.toContain(url.searchParams.get('state'));
  });

  it('marks the state cookie Secure when the public address is https', async () => {
    const secure = await createTestApp(oidcEnv({ PUBLIC_URL: 'https://rrc.example.com' }));
    try {
      const started = await initiate(secure.app);
      expect(started.setCookie.split(';').map((part) => part.trim())).toContain('Secure');
      expect(new URL(started.authorizationUrl).searchParams.get('redirect_uri')).toBe(
        'https://rrc.example.com/api/oauth/oidc/callback',
      );
    } finally {
      await secure.close();
    }
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999', '1e3x'])(
    'refuses fiction_id=%s with 400',
    async (value) => {
      const response = await call(t.app, {
        method: 'GET',
        url: `/api/oauth/oidc/initiate?fiction_id=${value}`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: expect.stringMatching(/^fiction_id /) });
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it('answers 503 with a message when the provider cannot be discovered', async () => {
    const broken = await createTestApp(oidcEnv({ OAUTH_OIDC_ISSUER: 'http://127.0.0.1:1' }));
    try {
      const response = await call(broken.app, { method: 'GET', url: '/api/oauth/oidc/initiate' });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        success: false,
        error: 'Sign-in with Test Provider is not available right now. Please try again later.',
      });
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/oauth/:provider/callback', () => {
  it('creates an account without a password and signs it in', async () => {
    const landed = await signIn(t.app, {
      sub: 'new-person',
      email: 'New.Person@Example.com',
      email_verified: true,
      name: 'New Person',
    });
    const { location, url, response } = landed;
    expect(location.startsWith('/oauth/callback?')).toBe(true);
    expect(response.headers['cache-control']).toBe('no-store');
    // The state cookie is used up: a one-minute cookie that only exchanges this sign-in's code replaces it.
    expect(String(response.headers['set-cookie'])).toMatch(
      /^rrc_oauth=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=60;.*Path=\/api\/oauth; HttpOnly; SameSite=Lax/,
    );
    const { token, user } = await signedIn(t.app, landed);
    expect(user).toMatchObject({ email: 'new.person@example.com', name: 'New Person', admin: false });
    expect(typeof user.created_at).toBe('string');
    expect(url.searchParams.has('fiction_id')).toBe(false);

    const me = await profile(t.app, token);
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ id: user.id, email: 'new.person@example.com' });

    const row = await t.database.db
      .selectFrom('users')
      .select(['password_hash', 'last_seen_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.last_seen_at).not.toBeNull();
    expect(await oauthRows()).toEqual([
      expect.objectContaining({ user_id: user.id, provider: 'oidc', provider_user_id: 'new-person' }),
    ]);

    // Without a password the account cannot sign in with one.
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'new.person@example.com', password: 'Anything1x' },
    });
    expect(login.status).toBe(401);
  });

  it('reuses the link on the next sign-in, even after the email changed at the provider', async () => {
    const first = await signedIn(
      t.app,
      await signIn(t.app, { sub: 'returning', email: 'returning@example.com', email_verified: true }),
    );
    t.clock.advance(2 * 60 * 60 * 1000);
    const second = await signedIn(
      t.app,
      await signIn(t.app, { sub: 'returning', email: 'elsewhere@example.com', email_verified: false }),
    );
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.email).toBe('returning@example.com');
    expect(await oauthRows()).toHaveLength(1);
    expect(await userCount()).toBe(1);
    const seen = await t.database.db
      .selectFrom('users')
      .select('last_seen_at')
      .where('id', '=', first.user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(String(seen.last_seen_at)).toISOString()).toBe(t.clock.now.toISOString());
  });

  it('links an existing password account when the provider vouches for the email', async () => {
    const reader = await registerUser(t.app, { email: 'linked@example.com', name: 'Linked' });
    const landed = await signIn(t.app, {
      sub: 'linked-sub',
      email: 'LINKED@example.com',
      email_verified: true,
    });
    const { token, user } = await signedIn(t.app, landed);
    expect(user.id).toBe(reader.user.id);
    expect(user.name).toBe('Linked');
    expect((await profile(t.app, token)).body.data.user.id).toBe(reader.user.id);
    expect(await oauthRows()).toEqual([
      expect.objectContaining({ user_id: reader.user.id, provider: 'oidc', provider_user_id: 'linked-sub' }),
    ]);
    expect(await userCount()).toBe(1);
    // The password still works.
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'linked@example.com', password: 'Readers4ever' },
    });
    expect(login.status).toBe(200);
  });

  it('does not link (nor duplicate) an existing account when the email is not verified', async () => {
    const reader = await registerUser(t.app, { email: 'victim@example.com' });
    for (const verified of [false, 'false', undefined]) {
      const { url } = await signIn(t.app, {
        sub: 'attacker',
        email: 'victim@example.com',
        ...(verified === undefined ? {} : { email_verified: verified }),
      });
      expect(errorOf(url)).toBe(OAUTH_MESSAGES.emailNotVerified);
    }
    expect(await oauthRows()).toEqual([]);
    expect(await userCount()).toBe(1);
    expect(reader.user.id).toBeGreaterThan(0);
  });

  it('accepts email_verified sent as the string "true"', async () => {
    const reader = await registerUser(t.app, { email: 'stringy@example.com' });
    const landed = await signIn(t.app, {
      sub: 'stringy',
      email: 'stringy@example.com',
      email_verified: 'true',
    });
    expect((await signedIn(t.app, landed)).user.id).toBe(reader.user.id);
  });

  it('refuses an identity without an email', async () => {
    const { url } = await signIn(t.app, { sub: 'no-email', name: 'Nobody' });
    expect(errorOf(url)).toBe(OAUTH_MESSAGES.noEmail('Test Provider'));
    expect(await userCount()).toBe(0);
  });

  it('gives an ADMIN_EMAILS address only to a verified identity', async () => {
    const admins = await createTestApp(oidcEnv({ ADMIN_EMAILS: 'boss@example.com' }));
    try {
      const refused = await signIn(admins.app, { sub: 'fake-boss', email: 'boss@example.com' });
      expect(errorOf(refused.url)).toBe(OAUTH_MESSAGES.adminEmailNotVerified('Test Provider'));
      const accepted = await signIn(admins.app, {
        sub: 'real-boss',
        email: 'boss@example.com',
        email_verified: true,
      });
      expect((await signedIn(admins.app, accepted)).user.admin).toBe(true);
    } finally {
      await admins.close();
    }
  });

  it('carries fiction_id from the initiation to the callback page', async () => {
    const landed = await signIn(
      t.app,
      { sub: 'with-fiction', email: 'fiction@example.com', email_verified: true },
      '?fiction_id=987654321',
    );
    const { url, started, back } = landed;
    expect(started.authorizationUrl).not.toContain('987654321');
    expect(back.has('fiction_id')).toBe(false);
    await signedIn(t.app, landed);
    expect(url.searchParams.get('fiction_id')).toBe('987654321');
  });

  it('refuses a forged state', async () => {
    provider.claims = { sub: 'forged', email: 'forged@example.com', email_verified: true };
    const started = await initiate(t.app);
    const back = await authorize(started.authorizationUrl);
    back.set('state', 'forged-state-value-that-is-long-enough');
    const { url } = await callback(t.app, back, started.cookie);
    expect(errorOf(url)).toBe(OAUTH_MESSAGES.stateInvalid);
    expect(await userCount()).toBe(0);
  });

  it('refuses a callback without the state cookie', async () => {
    provider.claims = { sub: 'cookieless', email: 'cookieless@example.com', email_verified: true };
    const started = await initiate(t.app);
    const back = await authorize(started.authorizationUrl);
    const { url } = await callback(t.app, back);
    expect(errorOf(url)).toBe(OAUTH_MESSAGES.stateInvalid);
    expect(await userCount()).toBe(0);
  });

  it('refuses a tampered, expired or foreign state cookie', async () => {
    provider.claims = { sub: 'tamper', email: 'tamper@example.com', email_verified: true };
    const started = await initiate(t.app);
    const back = await authorize(started.authorizationUrl);
    const [header, payload, signature] = started.cookie.slice('rrc_oauth='.length).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(String(payload), 'base64url').toString()), f: 7 }),
    ).toString('base64url');
    const tampered = `rrc_oauth=${header}.${forgedPayload}.${signature}`;
    expect(errorOf((await callback(t.app, back, tampered)).url)).toBe(OAUTH_MESSAGES.stateInvalid);

    // Eleven minutes later the (untampered) cookie has expired.
    t.clock.advance(11 * 60 * 1000);
    expect(errorOf((await callback(t.app, back, started.cookie)).url)).toBe(OAUTH_MESSAGES.stateInvalid);
    expect(await userCount()).toBe(0);

    // A cookie issued for another provider does not finish an OIDC sign-in.
    const both = await createTestApp(
      oidcEnv({ OAUTH_GITHUB_CLIENT_ID: 'gh', OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret' }),
    );
    try {
      const github = await initiate(both.app, 'github');
      const githubState = new URL(github.authorizationUrl).searchParams.get('state') ?? '';
      expect(new URL(github.authorizationUrl).searchParams.has('code_challenge')).toBe(false);
      const { url } = await callback(
        both.app,
        new URLSearchParams({ code: 'x', state: githubState }),
        github.cookie,
      );
      expect(errorOf(url)).toBe(OAUTH_MESSAGES.stateInvalid);
    } finally {
      await both.close();
    }
  });

  it('refuses a replayed callback', async () => {
    const first = await signIn(t.app, { sub: 'replay', email: 'replay@example.com', email_verified: true });
    await signedIn(t.app, first);
    const again = await callback(t.app, first.back, first.started.cookie);
    expect(errorOf(again.url)).toBe(OAUTH_MESSAGES.stateInvalid);
  });

  it('shows the cancel message when the person refuses at the provider', async () => {
    provider.claims = { sub: 'cancel', email: 'cancel@example.com', email_verified: true };
    const started = await initiate(t.app);
    provider.server.service.once(Events.BeforeAuthorizeRedirect, (redirect) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'The user said no');
    });
    const back = await authorize(started.authorizationUrl);
    const { url, response } = await callback(t.app, back, started.cookie);
    expect(errorOf(url)).toBe('You cancelled the sign-in with Test Provider.');
    expect(String(response.headers['set-cookie'])).toMatch(/^rrc_oauth=; Max-Age=0/);
  });

  it('shows a retry message for other provider errors', async () => {
    const started = await initiate(t.app);
    const back = new URLSearchParams({
      error: 'server_error',
      state: new URL(started.authorizationUrl).searchParams.get('state') ?? '',
    });
    const { url } = await callback(t.app, back, started.cookie);
    expect(errorOf(url)).toBe('We could not complete the sign-in with Test Provider. Please try again.');
  });

  it('shows a retry message when the code exchange or the profile fails', async () => {
    provider.server.service.once(Events.BeforeResponse, (response) => {
      response.body = { error: 'invalid_grant' };
      response.statusCode = 400;
    });
    const exchange = await signIn(t.app, { sub: 'x1', email: 'x1@example.com', email_verified: true });
    expect(errorOf(exchange.url)).toBe(OAUTH_MESSAGES.failed('Test Provider'));

    provider.claims = { sub: 'x2', email: 'x2@example.com', email_verified: true };
    const started = await initiate(t.app);
    const back = await authorize(started.authorizationUrl);
    provider.server.service.once(Events.BeforeUserinfo, (response) => {
      response.body = { error: 'invalid_token' };
      response.statusCode = 401;
    });
    expect(errorOf((await callback(t.app, back, started.cookie)).url)).toBe(
      OAUTH_MESSAGES.failed('Test Provider'),
    );

    // Userinfo about someone else than the id token names.
    provider.claims = { sub: 'x3', email: 'x3@example.com', email_verified: true };
    const third = await initiate(t.app);
    const thirdBack = await authorize(third.authorizationUrl);
    provider.server.service.once(Events.BeforeUserinfo, (response) => {
      response.body = { sub: 'somebody-else', email: 'x3@example.com', email_verified: true };
    });
    expect(errorOf((await callback(t.app, thirdBack, third.cookie)).url)).toBe(
      OAUTH_MESSAGES.failed('Test Provider'),
    );

    // A wrong PKCE verifier: the code was issued for another sign-in's challenge.
    provider.claims = { sub: 'x4', email: 'x4@example.com', email_verified: true };
    const a = await initiate(t.app);
    const b = await initiate(t.app);
    const aBack = await authorize(a.authorizationUrl);
    const bState = new URL(b.authorizationUrl).searchParams.get('state') ?? '';
    const mixed = new URLSearchParams({ code: aBack.get('code') ?? '', state: bState });
    expect(errorOf((await callback(t.app, mixed, b.cookie)).url)).toBe(
      OAUTH_MESSAGES.failed('Test Provider'),
    );
    expect(await userCount()).toBe(0);
  });

  it('ends on the error page for a malformed query, a missing code or an unconfigured provider', async () => {
    const started = await initiate(t.app);
    const state = new URL(started.authorizationUrl).searchParams.get('state') ?? '';
    const doubled = await callback(t.app, `code=a&code=b&state=${state}`, started.cookie);
    expect(errorOf(doubled.url)).toBe(OAUTH_MESSAGES.failed('Test Provider'));

    const fresh = await initiate(t.app);
    const freshState = new URL(fresh.authorizationUrl).searchParams.get('state') ?? '';
    const noCode = await callback(t.app, new URLSearchParams({ state: freshState }), fresh.cookie);
    expect(errorOf(noCode.url)).toBe(OAUTH_MESSAGES.failed('Test Provider'));

    const response = await t.app.inject({ method: 'GET', url: '/api/oauth/github/callback?code=a&state=b' });
    expect(response.statusCode).toBe(302);
    expect(errorOf(new URL(String(response.headers.location), PUBLIC_URL))).toBe(
      'OAuth is currently disabled for github',
    );
  });

  it('redirects only to paths on this site', async () => {
    const started = await initiate(t.app);
    for (const query of [
      'error=access_denied&redirect=https://evil.example',
      'code=x&state=y&next=//evil.example',
    ]) {
      const { location } = await callback(t.app, query, started.cookie);
      expect(location).toMatch(/^\/oauth\/(error|callback)\?/);
    }
  });

  it('keeps tokens, codes and secrets out of the logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ ...loggerOptions(t.config), level: 'debug' }, stream);
    const logged = await buildApp({
      config: t.config,
      core: t.core,
      jwtSecret: TEST_JWT_SECRET,
      logger,
      now: () => t.clock.now,
    });
    await logged.ready();
    try {
      const ok = await signIn(logged, { sub: 'logged', email: 'logged@example.com', email_verified: true });
      const exchangeCode = ok.url.searchParams.get('code') ?? '';
      const { token } = await signedIn(logged, ok);
      const forged = await initiate(logged);
      const forgedBack = await authorize(forged.authorizationUrl);
      const code = forgedBack.get('code') ?? '';
      forgedBack.set('state', 'forged');
      expect(errorOf((await callback(logged, forgedBack, forged.cookie)).url)).toBe(
        OAUTH_MESSAGES.stateInvalid,
      );

      const all = lines.join('');
      expect(all).toContain('OAuth callback refused');
      for (const secret of [
        token,
        code,
        ok.back.get('code') ?? '',
        ok.back.get('state') ?? '',
        CLIENT_SECRET,
        TEST_JWT_SECRET,
        ok.started.cookie.slice('rrc_oauth='.length),
        exchangeCode,
        ok.cookie.slice('rrc_oauth='.length),
      ]) {
        expect(secret.length).toBeGreaterThan(4);
        expect(all).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });

  it('documents the OAuth routes in the OpenAPI document', async () => {
    const response = await call<{ paths: Record<string, unknown> }>(t.app, {
      method: 'GET',
      url: '/api/docs/json',
    });
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/oauth/providers',
        '/api/oauth/{provider}/initiate',
        '/api/oauth/{provider}/callback',
        '/api/oauth/exchange',
      ]),
    );
  });

  it('does not let a signed-in session token pass for a state cookie', async () => {
    const reader = await registerUser(t.app);
    const { url } = await callback(t.app, 'code=x&state=y', `rrc_oauth=${reader.token}`);
    expect(errorOf(url)).toBe(OAUTH_MESSAGES.stateInvalid);
  });
});

// The sign-in flow against a real OpenID Connect provider on loopback, shared by the OAuth API tests.
import type { FastifyInstance } from 'fastify';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { call } from '../../../test/test-app.ts';

export const PUBLIC_URL = 'http://app.test';
export const CLIENT_SECRET = 'mock-client-secret-value';

export type Initiated = { authorizationUrl: string; cookie: string; setCookie: string };

export async function initiate(app: FastifyInstance, provider = 'oidc', query = ''): Promise<Initiated> {
  const response = await call<{ success: boolean; data: { authorizationUrl: string } }>(app, {
    method: 'GET',
    url: `/api/oauth/${provider}/initiate${query}`,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  return {
    authorizationUrl: response.body.data.authorizationUrl,
    cookie: setCookie.split(';')[0] ?? '',
    setCookie,
  };
}

/** The mock provider "signs the person in" and redirects back: the query it sends to our callback. */
export async function authorize(authorizationUrl: string): Promise<URLSearchParams> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(String(response.headers.get('location')));
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/api/oauth/oidc/callback`);
  return location.searchParams;
}

export interface CallbackResult {
  location: string;
  url: URL;
  response: Awaited<ReturnType<FastifyInstance['inject']>>;
  /** The cookie the browser holds afterwards (`rrc_oauth=…`; empty when the callback removed it). */
  cookie: string;
}

export async function callback(
  app: FastifyInstance,
  query: URLSearchParams | string,
  cookie?: string,
): Promise<CallbackResult> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/oauth/oidc/callback?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  const location = String(response.headers.location);
  const kept = String(response.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  return { location, url: new URL(location, PUBLIC_URL), response, cookie: kept.endsWith('=') ? '' : kept };
}

export interface SignedInUser {
  id: number;
  email: string;
  name: string | null;
  admin: boolean;
  created_at: string;
}

/** What the sign-in page does: exchanges the code of its address, with the browser's cookie. */
export function exchange(app: FastifyInstance, code: string, cookie?: string) {
  return call<{ success: boolean; data: { token: string; user: SignedInUser }; error?: string }>(app, {
    method: 'POST',
    url: '/api/oauth/exchange',
    headers: cookie ? { cookie } : {},
    payload: { code },
  });
}

/**
 * The callback landed on the sign-in page, whose address carries a one-time code and never a token; the
 * page exchanges the code (as the same browser) for the session.
 */
export async function signedIn(app: FastifyInstance, result: Pick<CallbackResult, 'url' | 'cookie'>) {
  const { url } = result;
  expect(url.pathname, url.searchParams.get('error') ?? '').toBe('/oauth/callback');
  expect(url.searchParams.has('token')).toBe(false);
  expect(url.searchParams.has('user')).toBe(false);
  const exchanged = await exchange(app, url.searchParams.get('code') ?? '', result.cookie);
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  return exchanged.body.data;
}

export function errorOf(url: URL): string | null {
  expect(url.pathname).toBe('/oauth/error');
  return url.searchParams.get('error');
}

/**
 * Starts a mock OpenID Connect provider for the test file (before all its tests, stopped after them).
 * `claims` is who the provider signs in next; `env` configures the app to use it as 'Test Provider'.
 */
export function mockProvider() {
  const provider = {
    server: new OAuth2Server(),
    /** Claims the mock provider puts in the id token and userinfo of the next sign-ins. */
    claims: {} as Record<string, unknown>,

    oidcEnv(extra: Record<string, string> = {}): Record<string, string> {
      return {
        PUBLIC_URL,
        OAUTH_OIDC_ISSUER: String(provider.server.issuer.url),
        OAUTH_OIDC_CLIENT_ID: 'rrc-client',
        OAUTH_OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OAUTH_OIDC_NAME: 'Test Provider',
        ...extra,
      };
    },

    /** The whole flow: initiate, the provider, our callback. */
    async signIn(app: FastifyInstance, as: Record<string, unknown>, query = '') {
      provider.claims = as;
      const started = await initiate(app, 'oidc', query);
      const back = await authorize(started.authorizationUrl);
      return { ...(await callback(app, back, started.cookie)), started, back };
    },
  };

  beforeAll(async () => {
    const { server } = provider;
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    // The mock names itself "localhost"; loopback by address avoids IPv6/IPv4 guessing.
    server.issuer.url = `http://127.0.0.1:${server.address().port}`;
    server.service.on(Events.BeforeTokenSigning, (token) => {
      Object.assign(token.payload, provider.claims);
    });
    server.service.on(Events.BeforeUserinfo, (response) => {
      response.body = { ...provider.claims };
    });
  });
  afterAll(async () => {
    await provider.server.stop();
  });

  return provider;
}

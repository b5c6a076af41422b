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

export async function callback(app: FastifyInstance, query: URLSearchParams | string, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/oauth/oidc/callback?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  const location = String(response.headers.location);
  return { location, url: new URL(location, PUBLIC_URL), response };
}

export function signedIn(url: URL) {
  expect(url.pathname, url.searchParams.get('error') ?? '').toBe('/oauth/callback');
  const token = url.searchParams.get('token') ?? '';
  const user = JSON.parse(url.searchParams.get('user') ?? 'null') as {
    id: number;
    email: string;
    name: string | null;
    admin: boolean;
    created_at: string;
  };
  return { token, user };
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

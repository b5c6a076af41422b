import { RETURN_PATH_MAX_LENGTH } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, TEST_JWT_SECRET } from '../../../test/test-app.ts';
import { authorize, callback, initiate, mockProvider, signedIn } from './oauth-flow.test-helpers.ts';
import { stateCookies } from './state-cookie.ts';

const provider = mockProvider();

const t = testAppForEach(() => createTestApp(provider.oidcEnv()));
let people = 0;

/** A new person each time, verified by the provider. */
function someone() {
  people += 1;
  return { sub: `return-${people}`, email: `return-${people}@example.com`, email_verified: true };
}

/** The state cookie's claims, as the browser holds them (signed, not secret). */
function cookieClaims(cookie: string): Record<string, unknown> {
  const payload = cookie.slice('rrc_oauth='.length).split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

const returnTo = (value: string) => `?return_to=${encodeURIComponent(value)}`;

describe('the return path through an OAuth sign-in', () => {
  it('comes back on /oauth/callback, and never goes to the provider', async () => {
    const landed = await provider.signIn(t.app, someone(), returnTo('/sponsor/176641'));
    const { url, started, back } = landed;
    await signedIn(t.app, landed);
    expect(url.searchParams.get('return_to')).toBe('/sponsor/176641');
    expect(started.authorizationUrl).not.toContain('sponsor');
    expect([...back.keys()].sort()).toEqual(['code', 'state']);
  });

  it('keeps a query and a fragment, and comes back normalized', async () => {
    const first = await provider.signIn(
      t.app,
      someone(),
      returnTo('/rising-stars-animation?speed=2&from=2026-07-10#follow'),
    );
    expect(first.url.searchParams.get('return_to')).toBe(
      '/rising-stars-animation?speed=2&from=2026-07-10#follow',
    );
    const second = await provider.signIn(t.app, someone(), returnTo('/fiction/../sponsor/./12'));
    expect(second.url.searchParams.get('return_to')).toBe('/sponsor/12');
  });

  it('carries a fiction to track and a return path together', async () => {
    const landed = await provider.signIn(t.app, someone(), `${returnTo('/sponsor/5')}&fiction_id=5`);
    const { url } = landed;
    await signedIn(t.app, landed);
    expect(url.searchParams.get('fiction_id')).toBe('5');
    expect(url.searchParams.get('return_to')).toBe('/sponsor/5');
  });

  it('sends no return path when the sign-in started without one', async () => {
    const landed = await provider.signIn(t.app, someone());
    const { url, started } = landed;
    await signedIn(t.app, landed);
    expect(url.searchParams.has('return_to')).toBe(false);
    expect(cookieClaims(started.cookie)).not.toHaveProperty('r');
  });

  it.each([
    ['an absolute address', 'https://evil.example'],
    ['a protocol-relative address', '//evil.example'],
    ['a slash and a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['an encoded protocol-relative address', '/%2F%2Fevil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a header injection', '/dashboard\r\nSet-Cookie: session=stolen'],
    ['a very long value', `/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`],
    ['a sign-in loop', '/login'],
    ['a registration loop', '/register?return_to=/login'],
    ['a replay of the callback page', '/oauth/callback?token=x'],
  ])('ignores %s: the sign-in goes on and lands on the default page', async (_what, value) => {
    const landed = await provider.signIn(t.app, someone(), returnTo(value));
    const { url, location, started } = landed;
    await signedIn(t.app, landed);
    expect(location).toMatch(/^\/oauth\/callback\?/);
    expect(url.searchParams.has('return_to')).toBe(false);
    expect(location).not.toContain('evil');
    expect(cookieClaims(started.cookie)).not.toHaveProperty('r');
  });

  it('refuses a NUL character with 400 and a message, as every route does', async () => {
    const response = await call<{ success: boolean; error: string }>(t.app, {
      method: 'GET',
      url: `/api/oauth/oidc/initiate${returnTo('/dashboard\u0000')}`,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Text may not contain the NUL character.' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('ignores a return path given twice, and one sent without encoding', async () => {
    const twice = await provider.signIn(t.app, someone(), '?return_to=/sponsor/1&return_to=/sponsor/2');
    expect(twice.url.searchParams.has('return_to')).toBe(false);
    const raw = await provider.signIn(t.app, someone(), '?return_to=//evil.example/');
    expect(raw.url.searchParams.has('return_to')).toBe(false);
  });

  it('checks the path again when the sign-in comes back', async () => {
    // A cookie signed with the server's own key but holding a foreign address (as a looser rule of an
    // earlier version could have written): the sign-in completes, the address is dropped.
    const started = await initiate(t.app, 'oidc', returnTo('/sponsor/1'));
    const claims = cookieClaims(started.cookie);
    const cookies = stateCookies({ jwtSecret: TEST_JWT_SECRET, secure: false, now: () => t.clock.now });
    const forged = (
      await cookies.issue({
        provider: 'oidc',
        state: String(claims.s),
        codeVerifier: String(claims.v),
        returnTo: '//evil.example',
      })
    ).split(';')[0];
    provider.claims = someone();
    const back = await authorize(started.authorizationUrl);
    const landed = await callback(t.app, back, forged);
    const { url, location } = landed;
    await signedIn(t.app, landed);
    expect(location).not.toContain('evil');
    expect(url.searchParams.has('return_to')).toBe(false);
  });

  it('documents return_to on the initiation route', async () => {
    const response = await call<{
      paths: Record<string, { get: { parameters: Array<{ name: string; in: string }> } }>;
    }>(t.app, { method: 'GET', url: '/api/docs/json' });
    const parameters = response.body.paths['/api/oauth/{provider}/initiate']?.get.parameters ?? [];
    expect(parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(
      expect.arrayContaining(['query fiction_id', 'query return_to', 'path provider']),
    );
  });
});

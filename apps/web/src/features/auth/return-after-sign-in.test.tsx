import type { OAuthProvider } from '@rrc/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInPath } from '../../lib/sign-in-path.ts';
import {
  type ApiRoutes,
  currentPath,
  fictionAt555,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
  stubLocationAssign,
  submitRegistration,
  submitSignIn,
} from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';
import { OAuthCallbackPage } from './OAuthCallbackPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

const signedIn = () => ok({ user: reader, token: 'new-token' });
const google: OAuthProvider = {
  name: 'google',
  displayName: 'Google',
  icon: 'google',
  color: '#4285f4',
  enabled: true,
};

function server(routes: ApiRoutes) {
  return mockApi({ 'GET /api/oauth/providers': () => ok([google]), ...routes });
}

/** Values that must never be followed: each lands on the dashboard instead. */
const HOSTILE = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  'javascript:alert(1)',
  '/\n/evil.example',
  '/dashboard\r\nX: y',
  `/${'a'.repeat(2000)}`,
  '/login',
  '/register',
  '/oauth/callback?token=x',
];

/** The server opens the session of the one-time code the callback page was given. */
const exchangeCode = { 'POST /api/oauth/exchange': () => ok({ token: 'oauth-token', user: reader }) };

const withReturn = (page: '/login' | '/register', value: string) =>
  `${page}?return_to=${encodeURIComponent(value)}`;

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in link of a page', () => {
  it('names the page to come back to, readably', () => {
    expect(signInPath('/sponsor/555')).toBe('/login?return_to=/sponsor/555');
    expect(signInPath('/fiction/555/some_title?x=1&y=2')).toBe(
      '/login?return_to=/fiction/555/some_title%3Fx%3D1%26y%3D2',
    );
    const back = new URL(signInPath('/fiction/555/some_title?x=1&y=2'), 'https://app.example');
    expect(back.searchParams.get('return_to')).toBe('/fiction/555/some_title?x=1&y=2');
  });
});

describe('password sign-in with a return path', () => {
  it('lands back on the page the reader came from', async () => {
    const calls = server({ 'POST /api/auth/login': signedIn });
    const { user } = renderWithProviders(<LoginPage />, { route: signInPath('/sponsor/555') });

    await submitSignIn(user);

    await waitFor(() => expect(currentPath()).toBe('/sponsor/555'));
    expect(calls.map((call) => call.path)).not.toContain('/api/userFictions');
  });

  it.each(HOSTILE)('goes to the dashboard instead of %j', async (value) => {
    server({ 'POST /api/auth/login': signedIn });
    const { user } = renderWithProviders(<LoginPage />, { route: withReturn('/login', value) });

    await submitSignIn(user);

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('still tracks the fiction and opens it when both a fiction and a return path are given', async () => {
    server({
      'POST /api/auth/login': signedIn,
      'GET /api/fictions/555': () => ok(fictionAt555),
      'POST /api/userFictions': () => ok({ id: 1 }),
    });
    const { user } = renderWithProviders(<LoginPage />, {
      route: `${signInPath('/sponsor/9')}&fiction_id=555`,
    });

    await submitSignIn(user);

    await waitFor(() => expect(currentPath()).toBe('/fiction/555/some_title'));
  });

  it('sends a reader who is already signed in straight back', async () => {
    storeSession(reader);
    mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'GET /api/oauth/providers': () => ok([]),
    });
    renderWithProviders(<LoginPage />, { route: signInPath('/sponsor/555') });

    await waitFor(() => expect(currentPath()).toBe('/sponsor/555'));
  });
});

describe('registration with a return path', () => {
  it('lands back on the page the reader came from', async () => {
    server({ 'POST /api/auth/register': signedIn });
    const { user } = renderWithProviders(<RegisterPage />, {
      route: '/register?return_to=/rising-stars-position/555',
    });

    await submitRegistration(user);

    await waitFor(() => expect(currentPath()).toBe('/rising-stars-position/555'));
  });

  it.each(['//evil.example', '/login'])('goes to the dashboard instead of %j', async (value) => {
    server({ 'POST /api/auth/register': signedIn });
    const { user } = renderWithProviders(<RegisterPage />, { route: withReturn('/register', value) });

    await submitRegistration(user);

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });
});

describe('switching between signing in and creating an account', () => {
  it.each([
    ['sign-in', LoginPage, '/login', 'create a new account', '/register'],
    ['registration', RegisterPage, '/register', 'Sign in', '/login'],
  ] as const)(
    'keeps the return path and the fiction on the link from the %s form',
    (_form, Page, page, link, other) => {
      server({});
      renderWithProviders(<Page />, { route: `${page}?return_to=/sponsor/555&fiction_id=555` });

      expect(screen.getByRole('link', { name: link })).toHaveAttribute(
        'href',
        `${other}?return_to=/sponsor/555&fiction_id=555`,
      );
    },
  );
});

describe('OAuth sign-in with a return path', () => {
  it.each([
    ['/login', LoginPage],
    ['/register', RegisterPage],
  ] as const)(
    'on %s hands the return path to the server to keep through the provider',
    async (page, Page) => {
      const assign = stubLocationAssign();
      const calls = server({
        'GET /api/oauth/google/initiate?return_to=%2Fsponsor%2F555': () =>
          ok({ authorizationUrl: 'https://accounts.google.example/auth' }),
      });
      const { user } = renderWithProviders(<Page />, { route: `${page}?return_to=/sponsor/555` });

      await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.example/auth'));
      expect(calls.map((call) => call.path)).toContain(
        '/api/oauth/google/initiate?return_to=%2Fsponsor%2F555',
      );
    },
  );

  it('does not hand a hostile return path on', async () => {
    const assign = stubLocationAssign();
    const calls = server({
      'GET /api/oauth/google/initiate': () =>
        ok({ authorizationUrl: 'https://accounts.google.example/auth' }),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: withReturn('/login', '//evil.example') });

    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(calls.map((call) => call.path)).toContain('/api/oauth/google/initiate');
  });

  it('lands back on the page after the provider, from the callback', async () => {
    window.history.replaceState(null, '', '/oauth/callback?code=one-time-code&return_to=%2Fsponsor%2F555');
    mockApi({ ...exchangeCode, 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderWithProviders(<OAuthCallbackPage />, { route: '/oauth/callback' });

    await waitFor(() => expect(currentPath()).toBe('/sponsor/555'));
    expect(window.location.search).toBe('');
  });

  it.each(HOSTILE)('goes from the callback to the dashboard instead of %j', async (value) => {
    window.history.replaceState(
      null,
      '',
      `/oauth/callback?code=one-time-code&return_to=${encodeURIComponent(value)}`,
    );
    mockApi({ ...exchangeCode, 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderWithProviders(<OAuthCallbackPage />, { route: '/oauth/callback' });

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });
});

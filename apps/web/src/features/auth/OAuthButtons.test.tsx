import type { OAuthProvider } from '@rrc/contract';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  type ApiRoutes,
  currentPath,
  deferred,
  failure,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  stubLocationAssign,
} from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

const provider = (name: string, displayName: string, enabled: boolean): OAuthProvider => ({
  name,
  displayName,
  icon: name,
  color: '#123456',
  enabled,
});

/** What the server lists: google on, github off, and facebook and apple, which must never show. */
const providers: OAuthProvider[] = [
  provider('google', 'Google', true),
  provider('github', 'GitHub', false),
  provider('facebook', 'Facebook', true),
  provider('apple', 'Apple', true),
];

const AUTHORIZATION_URL = 'https://accounts.google.example/o/oauth2/auth?state=abc';

function withProviders(routes: ApiRoutes = {}): ApiRoutes {
  return { 'GET /api/oauth/providers': () => ok(providers), ...routes };
}

const googleButton = () => screen.findByRole('button', { name: 'Continue with Google' });

async function chooseGoogle(user: UserEvent) {
  await user.click(await googleButton());
}

/** Waits until the provider list was asked for and its answer has had time to render. */
async function providerListAnswered(calls: ApiCall[]) {
  await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/oauth/providers'));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OAuth provider buttons', () => {
  it.each([
    ['login', '/login', LoginPage],
    ['register', '/register', RegisterPage],
  ])(
    'on the %s screen show enabled providers, a disabled one as "Coming Soon", and never facebook or apple',
    async (_screen, route, Page) => {
      mockApi(withProviders());
      renderWithProviders(<Page />, { route });

      expect(await googleButton()).toBeEnabled();
      expect(screen.getByRole('button', { name: 'GitHub (Coming Soon)' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).not.toBeInTheDocument();
      // The form's own submit button plus exactly the two providers.
      expect(screen.getAllByRole('button')).toHaveLength(3);
      expect(screen.queryByText(/facebook/i)).not.toBeInTheDocument();
      expect(screen.queryByText(/apple/i)).not.toBeInTheDocument();
    },
  );

  it('shows nothing extra when the only providers listed are hidden ones', async () => {
    const calls = mockApi({
      'GET /api/oauth/providers': () =>
        ok([provider('facebook', 'Facebook', true), provider('apple', 'Apple', true)]),
    });
    renderWithProviders(<LoginPage />, { route: '/login' });

    await providerListAnswered(calls);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('asks the server for the address and sends the browser there', async () => {
    const assign = stubLocationAssign();
    const calls = mockApi(
      withProviders({
        'GET /api/oauth/google/initiate': () => ok({ authorizationUrl: AUTHORIZATION_URL }),
      }),
    );
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await chooseGoogle(user);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.path.startsWith('/api/oauth/google/initiate'))).toHaveLength(1);
    expect(calls.find((call) => call.path.startsWith('/api/oauth/google'))?.path).toBe(
      '/api/oauth/google/initiate',
    );
  });

  it('says it is redirecting and disables every button while the address is on its way', async () => {
    const assign = stubLocationAssign();
    const reply = deferred<Response>();
    mockApi(withProviders({ 'GET /api/oauth/google/initiate': () => reply.promise }));
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await chooseGoogle(user);

    expect(await screen.findByRole('button', { name: 'Redirecting to Google...' })).toBeDisabled();
    expect(assign).not.toHaveBeenCalled();
    reply.resolve(ok({ authorizationUrl: AUTHORIZATION_URL }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL));
  });

  it.each([
    ['/login?fiction_id=123', LoginPage],
    ['/register?fiction_id=123', RegisterPage],
  ])('on %s passes the fiction on to the initiation call', async (route, Page) => {
    const assign = stubLocationAssign();
    const calls = mockApi(
      withProviders({
        'GET /api/oauth/google/initiate?fiction_id=123': () => ok({ authorizationUrl: AUTHORIZATION_URL }),
      }),
    );
    const { user } = renderWithProviders(<Page />, { route });

    await chooseGoogle(user);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(calls.map((call) => call.path)).toContain('/api/oauth/google/initiate?fiction_id=123');
  });

  it('leaves out a fiction_id that is not a Royal Road id', async () => {
    const assign = stubLocationAssign();
    mockApi(
      withProviders({
        'GET /api/oauth/google/initiate': () => ok({ authorizationUrl: AUTHORIZATION_URL }),
      }),
    );
    const { user } = renderWithProviders(<LoginPage />, { route: '/login?fiction_id=abc' });

    await chooseGoogle(user);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL));
  });

  it('alerts the server text when the server refuses the provider, and lets the visitor choose again', async () => {
    const assign = stubLocationAssign();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockApi(
      withProviders({
        'GET /api/oauth/google/initiate': () => failure(400, 'OAuth is currently disabled for google'),
      }),
    );
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await chooseGoogle(user);

    await waitFor(() => expect(alert).toHaveBeenCalledWith('OAuth is currently disabled for google'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await googleButton()).toBeEnabled();
    expect(currentPath()).toBe('/login');
  });

  it('alerts the server text as sent, not a text of its own', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockApi(
      withProviders({
        'GET /api/oauth/google/initiate': () => failure(400, 'Google sign-in is paused for maintenance'),
      }),
    );
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await chooseGoogle(user);

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Google sign-in is paused for maintenance'));
  });

  it('alerts "OAuth is currently disabled for google" when the refusal carries no error text', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockApi(withProviders({ 'GET /api/oauth/google/initiate': () => failure(400) }));
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });

    await chooseGoogle(user);

    await waitFor(() => expect(alert).toHaveBeenCalledWith('OAuth is currently disabled for google'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['login', '/login', LoginPage, 'OAuth login failed'],
    ['register', '/register', RegisterPage, 'OAuth registration failed'],
  ])(
    'on the %s screen shows "%s" when the initiation call cannot reach the server',
    async (_screen, route, Page, message) => {
      const assign = stubLocationAssign();
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
      const calls = mockApi(
        withProviders({
          'GET /api/oauth/google/initiate': () => Promise.reject(new TypeError('Failed to fetch')),
        }),
      );
      const { user } = renderWithProviders(<Page />, { route });

      await chooseGoogle(user);

      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
      expect(calls.map((call) => call.path)).toContain('/api/oauth/google/initiate');
      expect(alert).not.toHaveBeenCalled();
      expect(assign).not.toHaveBeenCalled();
      expect(await googleButton()).toBeEnabled();
    },
  );

  it.each([
    ['a 500 reply', () => failure(500)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    'shows no provider buttons after %s for the list, and the password form still works',
    async (_case, reply) => {
      const calls = mockApi({
        'GET /api/oauth/providers': reply,
        'POST /api/auth/login': () => ok({ user: reader, token: 'new-token' }),
      });
      const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

      await providerListAnswered(calls);
      expect(screen.queryByRole('button', { name: /Google|GitHub|Coming Soon/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      await user.type(screen.getByLabelText('Email address'), 'rita@example.com');
      await user.type(screen.getByLabelText('Password'), 'Secret123');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      await waitFor(() => expect(currentPath()).toBe('/dashboard'));
      expect(localStorage.getItem('token')).toBe('new-token');
    },
  );
});

import { useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import {
  currentPath,
  deferred,
  failure,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';

/** Shows what the session provider knows. */
function SessionProbe() {
  const { status, user } = useSession();
  return (
    <p data-testid="session">
      {status}
      {user ? `: ${user.name ?? user.email}` : ''}
    </p>
  );
}

const sessionText = () => screen.getByTestId('session').textContent;

/** Makes a later API call that the server refuses with 401. */
async function callRejectedWith401() {
  await act(async () => {
    await apiRequest('/lists').catch(() => undefined);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

describe('SessionProvider start-up', () => {
  it('starts signed out when nothing is stored, without calling the server', () => {
    const calls = mockApi();
    renderWithProviders(<SessionProbe />);
    expect(sessionText()).toBe('signed-out');
    expect(calls).toHaveLength(0);
  });

  it('restores a stored session and re-verifies it, taking the fresh user from the server', async () => {
    storeSession(reader, 'stored-token');
    const profile = deferred<Response>();
    const calls = mockApi({ 'GET /api/auth/profile': () => profile.promise });
    renderWithProviders(<SessionProbe />, { route: '/dashboard' });

    expect(sessionText()).toBe('loading: Rita Reader');
    expect(calls[0]?.headers.authorization).toBe('Bearer stored-token');

    const fresh = { ...reader, name: 'Rita Renamed' };
    await act(async () => profile.resolve(ok({ user: fresh })));

    expect(sessionText()).toBe('signed-in: Rita Renamed');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(fresh);
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it('ends signed out and forgets the stored session when verification answers 401', async () => {
    storeSession(reader);
    mockApi({
      'GET /api/auth/profile': () => failure(401, 'Your session has expired. Please sign in again.'),
    });
    renderWithProviders(<SessionProbe />, { route: '/dashboard' });

    await waitFor(() => expect(sessionText()).toBe('signed-out'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // The redirect is a navigation of its own: it may land a render after the session is cleared.
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('keeps the stored session when the server cannot be reached during verification', async () => {
    storeSession(reader, 'stored-token');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderWithProviders(<SessionProbe />, { route: '/dashboard' });

    await waitFor(() => expect(sessionText()).toBe('signed-in: Rita Reader'));
    expect(localStorage.getItem('token')).toBe('stored-token');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
    expect(currentPath()).toBe('/dashboard');
  });

  it('keeps the stored session when the check is rate limited', async () => {
    storeSession(reader, 'stored-token');
    mockApi({ 'GET /api/auth/profile': () => failure(429) });
    renderWithProviders(<SessionProbe />, { route: '/dashboard' });

    await waitFor(() => expect(sessionText()).toBe('signed-in: Rita Reader'));
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it('keeps the stored session when the server answers 503 during verification', async () => {
    storeSession(reader, 'stored-token');
    mockApi({ 'GET /api/auth/profile': () => failure(503) });
    renderWithProviders(<SessionProbe />, { route: '/dashboard' });

    await waitFor(() => expect(sessionText()).toBe('signed-in: Rita Reader'));
    expect(localStorage.getItem('token')).toBe('stored-token');
  });
});

describe('a sign-in while the stored session is still being checked', () => {
  function SignInButton() {
    const { signIn } = useSession();
    return (
      <button type="button" onClick={() => signIn({ email: 'rita@example.com', password: 'Readers4ever' })}>
        sign in
      </button>
    );
  }

  it('is not undone when the old token is rejected afterwards', async () => {
    storeSession(reader, 'expired-token');
    const oldCheck = deferred<Response>();
    mockApi({
      'GET /api/auth/profile': () => oldCheck.promise,
      'POST /api/auth/login': () => ok({ user: reader, token: 'fresh-token' }),
    });
    const { user } = renderWithProviders(
      <>
        <SessionProbe />
        <SignInButton />
      </>,
      { route: '/dashboard' },
    );
    await user.click(screen.getByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(sessionText()).toBe('signed-in: Rita Reader'));

    await act(async () => oldCheck.resolve(failure(401, 'Your session has expired. Please sign in again.')));

    expect(sessionText()).toBe('signed-in: Rita Reader');
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(currentPath()).toBe('/dashboard');
  });
});

describe('a 401 reply to a later call', () => {
  it('clears the session and sends the reader from /dashboard to /login', async () => {
    window.history.pushState({}, '', '/dashboard');
    storeSession(reader);
    mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'GET /api/lists': () => failure(401, 'Your session has expired. Please sign in again.'),
    });
    renderWithProviders(<SessionProbe />, { route: '/dashboard' });
    await waitFor(() => expect(sessionText()).toBe('signed-in: Rita Reader'));

    await callRejectedWith401();

    expect(sessionText()).toBe('signed-out');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(currentPath()).toBe('/login');
  });

  it.each(['/fiction/1', '/login', '/register'])('clears the session but stays on %s', async (path) => {
    window.history.pushState({}, '', path);
    storeSession(reader);
    mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'GET /api/lists': () => failure(401),
    });
    renderWithProviders(<SessionProbe />, { route: path });
    await waitFor(() => expect(sessionText()).toBe('signed-in: Rita Reader'));

    await callRejectedWith401();

    expect(sessionText()).toBe('signed-out');
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe(path);
  });

  it('does nothing for a visitor who has no session', async () => {
    window.history.pushState({}, '', '/about');
    mockApi({ 'GET /api/lists': () => failure(401) });
    renderWithProviders(<SessionProbe />, { route: '/about' });

    await callRejectedWith401();

    expect(sessionText()).toBe('signed-out');
    expect(currentPath()).toBe('/about');
  });
});

describe('useSession', () => {
  it('refuses to work outside SessionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SessionProbe />)).toThrow('useSession must be used inside SessionProvider');
    vi.restoreAllMocks();
  });
});

describe('what one reader loaded', () => {
  function Probe() {
    const { signOut } = useSession();
    const client = useQueryClient();
    return (
      <>
        <button type="button" onClick={() => client.setQueryData(['reading-list', 'favorites'], ['private'])}>
          load
        </button>
        <button type="button" onClick={signOut}>
          sign out
        </button>
        <p data-testid="cached">
          {JSON.stringify(client.getQueryData(['reading-list', 'favorites']) ?? null)}
        </p>
      </>
    );
  }

  it('is forgotten when the session ends, so the next reader never sees it', async () => {
    storeSession(reader, 'stored-token');
    mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'POST /api/auth/logout': () => ok({ sessionsEnded: 1 }),
    });
    const { user } = renderWithProviders(<Probe />, { route: '/dashboard' });
    await user.click(screen.getByRole('button', { name: 'load' }));
    await user.click(screen.getByRole('button', { name: 'sign out' }));
    await waitFor(() => expect(screen.getByTestId('cached').textContent).toBe('null'));
  });
});

describe('signing out', () => {
  function SignOut() {
    const { signOut, status } = useSession();
    return (
      <>
        <p data-testid="session">{status}</p>
        <button type="button" onClick={signOut}>
          Logout
        </button>
      </>
    );
  }

  it('ends the session on the server with its token before forgetting it, then opens the sign-in page', async () => {
    storeSession(reader, 'stored-token');
    const reply = deferred<Response>();
    const calls = mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'POST /api/auth/logout': () => reply.promise,
    });
    const { user } = renderWithProviders(<SignOut />, { route: '/dashboard' });
    await waitFor(() => expect(sessionText()).toBe('signed-in'));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.authorization).toBe('Bearer stored-token');
    // Until the server answers, the token is kept.
    expect(localStorage.getItem('token')).toBe('stored-token');
    reply.resolve(ok({ sessionsEnded: 1 }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionText()).toBe('signed-out');
  });

  it('forgets the token even when the server cannot be reached', async () => {
    storeSession(reader, 'stored-token');
    mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'POST /api/auth/logout': () => failure(503),
    });
    const { user } = renderWithProviders(<SignOut />, { route: '/dashboard' });
    await waitFor(() => expect(sessionText()).toBe('signed-in'));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  currentPath,
  deferred,
  failure,
  fictionAt555,
  jsonResponse,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';
import { OAuthCallbackPage } from './OAuthCallbackPage.tsx';

const TOKEN = 'oauth-token-abc';
const CODE = 'one-time-code-from-the-callback';

/** The server's answer to the exchange of CODE (sent with this browser's cookie). */
const exchanged = {
  'POST /api/oauth/exchange': (call: ApiCall) =>
    (call.body as { code?: string }).code === CODE
      ? ok({ token: TOKEN, user: reader })
      : failure(400, 'The sign-in link has expired or was already used. Please try again.'),
};

/** What the server lists, so that its texts can be told from made-up ones. */
const providers = {
  'GET /api/oauth/providers': () =>
    ok([
      { name: 'google', displayName: 'Google', icon: 'google', color: '#4285F4', enabled: true },
      { name: 'oidc', displayName: 'Test Provider', icon: 'openid', color: '#F78C40', enabled: true },
    ]),
};

/** The provider sends the browser to the callback with these query parameters (the page reads the real address). */
function arriveWith(query: string) {
  window.history.replaceState(null, '', `/oauth/callback${query}`);
}

function renderCallback() {
  return renderWithProviders(<OAuthCallbackPage />, { route: '/oauth/callback' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('OAuthCallbackPage failures', () => {
  it('says no token was received, and offers a way back to login', async () => {
    arriveWith('');
    const calls = mockApi();
    const { user } = renderCallback();

    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('No authentication token received.')).toBeInTheDocument();
    expect(screen.queryByText('Completing Authentication')).not.toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to Login' });
    expect(back).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();

    await user.click(back);
    expect(currentPath()).toBe('/login');
  });

  it('shows an error text the server sends', async () => {
    arriveWith(`?error=${encodeURIComponent('You cancelled the sign-in with Google.')}`);
    const calls = mockApi(providers);
    renderCallback();

    expect(await screen.findByText('You cancelled the sign-in with Google.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.queryByText('No authentication token received.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(calls.map((call) => call.path)).toEqual(['/api/oauth/providers']);
  });

  it('shows a made-up error text as the general failure, never as written', async () => {
    const madeUp = 'Your account is locked. Call +1 555 0100 to unlock it.';
    arriveWith(`?error=${encodeURIComponent(madeUp)}`);
    mockApi(providers);
    renderCallback();

    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(madeUp)).not.toBeInTheDocument();
  });

  it('shows the error parameter rather than using a code that came with it', async () => {
    arriveWith(`?code=${CODE}&error=${encodeURIComponent('You cancelled the sign-in with Google.')}`);
    const calls = mockApi({ ...providers, ...exchanged });
    renderCallback();

    expect(await screen.findByText('You cancelled the sign-in with Google.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/oauth/providers']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(window.location.search).not.toContain(CODE);
  });

  it('never uses a session token from the address: an old ?token= link signs nobody in', async () => {
    // A link made by someone else, carrying their session (and a user to match).
    arriveWith(`?token=${TOKEN}&user=${encodeURIComponent(JSON.stringify(reader))}`);
    const calls = mockApi({ 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderCallback();

    expect(screen.getByText('No authentication token received.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(window.location.href).not.toContain(TOKEN);
    expect(currentPath()).toBe('/oauth/callback');
  });

  it('says authentication failed when the server refuses the code (used, late or another browser)', async () => {
    arriveWith('?code=a-code-this-browser-was-never-given');
    const calls = mockApi(exchanged);
    renderCallback();

    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/oauth/exchange']);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says authentication failed when the server rejects the token, and keeps no session', async () => {
    arriveWith(`?code=${CODE}`);
    const calls = mockApi({ ...exchanged, 'GET /api/auth/profile': () => failure(401, 'Invalid token') });
    renderCallback();

    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(calls[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('says authentication failed when the exchange or the profile check cannot reach the server', async () => {
    arriveWith(`?code=${CODE}`);
    mockApi({ 'POST /api/oauth/exchange': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { unmount } = renderCallback();
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    unmount();

    arriveWith(`?code=${CODE}`);
    mockApi({
      ...exchanged,
      'GET /api/auth/profile': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderCallback();

    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/oauth/callback');
  });

  // The 401 reaches the session's unauthorized handler too: it must not send the reader to /login.
  it('keeps the reader on the failure screen, inside the app routes, when the server rejects the token', async () => {
    arriveWith(`?code=${CODE}`);
    mockApi({ ...exchanged, 'GET /api/auth/profile': () => failure(401, 'Invalid token') });
    renderWithProviders(
      <Routes>
        <Route path="/oauth/callback" element={<OAuthCallbackPage />} />
        <Route path="/login" element={<p>The login screen</p>} />
      </Routes>,
      { route: '/oauth/callback' },
    );

    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(currentPath()).toBe('/oauth/callback');
    expect(screen.getByText('Authentication failed. Please try again.')).toBeInTheDocument();
  });
});

describe('OAuthCallbackPage success', () => {
  it('takes the code out of the address bar at once, without adding a history entry', () => {
    arriveWith(`?code=${CODE}`);
    const historyLength = window.history.length;
    mockApi({ 'POST /api/oauth/exchange': () => deferred<Response>().promise });
    renderCallback();

    expect(window.location.search).not.toContain(CODE);
    expect(window.location.href).not.toContain(CODE);
    expect(window.location.pathname).toBe('/oauth/callback');
    expect(window.history.length).toBe(historyLength);
  });

  it('shows "Completing Authentication" with a spinner while it verifies the token', async () => {
    arriveWith(`?code=${CODE}`);
    const profile = deferred<Response>();
    mockApi({ ...exchanged, 'GET /api/auth/profile': () => profile.promise });
    renderCallback();

    expect(screen.getByRole('heading', { name: 'Completing Authentication' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in');
    expect(screen.queryByRole('heading', { name: 'Authentication Error' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/oauth/callback');

    await act(async () => profile.resolve(ok({ user: reader })));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('exchanges the code with its cookie, verifies the token against the profile, stores the session and opens the dashboard', async () => {
    arriveWith(`?code=${CODE}`);
    const calls = mockApi({ ...exchanged, 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    const [exchange, ...rest] = calls;
    expect(`${exchange?.method} ${exchange?.path}`).toBe('POST /api/oauth/exchange');
    expect(exchange?.body).toEqual({ code: CODE });
    // The browser's cookie (HttpOnly, set by the server's callback) goes along: it is what binds the code.
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(rest.length).toBeGreaterThan(0);
    for (const call of rest) {
      expect(`${call.method} ${call.path}`).toBe('GET /api/auth/profile');
      expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
  });

  it('takes the user from the profile answer, not from the address', async () => {
    const forged = { ...reader, name: 'Someone Else', admin: true };
    arriveWith(`?code=${CODE}&user=${encodeURIComponent(JSON.stringify(forged))}`);
    mockApi({ ...exchanged, 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
  });

  it('replaces a session stored earlier with the new one', async () => {
    storeSession({ ...reader, id: 99, email: 'old@example.com' }, 'old-token');
    arriveWith(`?code=${CODE}`);
    mockApi({
      ...exchanged,
      'GET /api/auth/profile': (call) =>
        call.headers.authorization === `Bearer ${TOKEN}` ? ok({ user: reader }) : failure(401),
    });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
  });

  it('signs in and adds the fiction exactly once under StrictMode, as the app renders it', async () => {
    arriveWith(`?code=${CODE}&fiction_id=555`);
    const calls = mockApi({
      ...exchanged,
      'GET /api/auth/profile': () => ok({ user: reader }),
      'GET /api/fictions/555': () => ok(fictionAt555),
      'POST /api/userFictions': () => ok({ id: 1 }),
    });
    renderWithProviders(
      <StrictMode>
        <OAuthCallbackPage />
      </StrictMode>,
      { route: '/oauth/callback' },
    );

    expect(screen.getByRole('heading', { name: 'Completing Authentication' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/fiction/555/some_title'));
    expect(calls.filter((call) => call.path === '/api/oauth/exchange')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/fictions/555')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/userFictions')).toHaveLength(1);
    expect(screen.queryByText('No authentication token received.')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });
});

describe('OAuthCallbackPage with a fiction to add', () => {
  const profileAndFiction = {
    ...exchanged,
    'GET /api/auth/profile': () => ok({ user: reader }),
    'GET /api/fictions/555': () => ok(fictionAt555),
  };

  it('adds the fiction as plan to read and opens its page', async () => {
    arriveWith(`?code=${CODE}&fiction_id=555`);
    const calls = mockApi({
      ...profileAndFiction,
      'POST /api/userFictions': () => jsonResponse(201, { success: true, data: { id: 1 } }),
    });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/fiction/555/some_title'));
    // The code is exchanged and the token verified first; only then is the fiction looked up and added.
    expect(calls.slice(0, 2).map((call) => call.path)).toEqual(['/api/oauth/exchange', '/api/auth/profile']);
    expect(
      calls
        .filter((call) => !['/api/auth/profile', '/api/oauth/exchange'].includes(call.path))
        .map((call) => `${call.method} ${call.path}`),
    ).toEqual(['GET /api/fictions/555', 'POST /api/userFictions']);
    const add = calls.find((call) => call.path === '/api/userFictions');
    expect(add?.body).toEqual({ fiction_id: 42, status: 'plan_to_read' });
    expect(add?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(window.location.search).toBe('');
  });

  it.each([
    ['already on the list (409)', 409, 'Fiction already in your list'],
    ['refused (400)', 400, 'Invalid status'],
  ])('still opens the fiction page when the fiction is %s', async (_case, status, error) => {
    arriveWith(`?code=${CODE}&fiction_id=555`);
    const calls = mockApi({
      ...profileAndFiction,
      'POST /api/userFictions': () => failure(status, error),
    });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/fiction/555/some_title'));
    expect(calls.map((call) => call.path)).toContain('/api/userFictions');
    expect(screen.queryByText('Authentication failed. Please try again.')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  it('still opens the fiction page, without a slug, when the fiction cannot be looked up', async () => {
    arriveWith(`?code=${CODE}&fiction_id=555`);
    const calls = mockApi({
      ...exchanged,
      'GET /api/auth/profile': () => ok({ user: reader }),
      'GET /api/fictions/555': () => failure(404, 'Fiction not found'),
    });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/fiction/555'));
    expect(calls.map((call) => call.path)).not.toContain('/api/userFictions');
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  it('ignores a fiction_id that is not a Royal Road id and opens the dashboard', async () => {
    arriveWith(`?code=${CODE}&fiction_id=not-a-number`);
    const calls = mockApi({ ...exchanged, 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.map((call) => call.path)).not.toContain('/api/fictions/not-a-number');
    expect(calls.every((call) => ['/api/oauth/exchange', '/api/auth/profile'].includes(call.path))).toBe(
      true,
    );
  });

  it('adds nothing when the token is rejected', async () => {
    arriveWith(`?code=${CODE}&fiction_id=555`);
    const calls = mockApi({ ...exchanged, 'GET /api/auth/profile': () => failure(401) });
    renderCallback();

    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.every((call) => ['/api/oauth/exchange', '/api/auth/profile'].includes(call.path))).toBe(
      true,
    );
    expect(currentPath()).not.toMatch(/^\/fiction\//);
  });
});

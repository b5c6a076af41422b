import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
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

  it('shows the error parameter as sent', () => {
    arriveWith(`?error=${encodeURIComponent('You cancelled the sign-in with Google.')}`);
    const calls = mockApi();
    renderCallback();

    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('You cancelled the sign-in with Google.')).toBeInTheDocument();
    expect(screen.queryByText('No authentication token received.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(0);
  });

  it('shows the error parameter rather than using a token that came with it', () => {
    arriveWith(`?token=${TOKEN}&error=${encodeURIComponent('Something went wrong.')}`);
    const calls = mockApi();
    renderCallback();

    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(window.location.search).not.toContain(TOKEN);
  });

  it('says authentication failed when the server rejects the token, and keeps no session', async () => {
    arriveWith(`?token=${TOKEN}`);
    const calls = mockApi({ 'GET /api/auth/profile': () => failure(401, 'Invalid token') });
    renderCallback();

    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('says authentication failed when the profile check cannot reach the server', async () => {
    arriveWith(`?token=${TOKEN}`);
    mockApi({ 'GET /api/auth/profile': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderCallback();

    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/oauth/callback');
  });

  // The 401 reaches the session's unauthorized handler too: it must not send the reader to /login.
  it('keeps the reader on the failure screen, inside the app routes, when the server rejects the token', async () => {
    arriveWith(`?token=${TOKEN}`);
    mockApi({ 'GET /api/auth/profile': () => failure(401, 'Invalid token') });
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
  it('takes the token out of the address bar at once, without adding a history entry', () => {
    arriveWith(`?token=${TOKEN}&user=${encodeURIComponent(JSON.stringify(reader))}`);
    const historyLength = window.history.length;
    mockApi({ 'GET /api/auth/profile': () => deferred<Response>().promise });
    renderCallback();

    expect(window.location.search).not.toContain(TOKEN);
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe('/oauth/callback');
    expect(window.history.length).toBe(historyLength);
  });

  it('shows "Completing Authentication" with a spinner while it verifies the token', async () => {
    arriveWith(`?token=${TOKEN}`);
    const profile = deferred<Response>();
    mockApi({ 'GET /api/auth/profile': () => profile.promise });
    renderCallback();

    expect(screen.getByRole('heading', { name: 'Completing Authentication' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in');
    expect(screen.queryByRole('heading', { name: 'Authentication Error' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/oauth/callback');

    await act(async () => profile.resolve(ok({ user: reader })));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('verifies the token against the profile, stores the session and opens the dashboard', async () => {
    arriveWith(`?token=${TOKEN}&user=${encodeURIComponent(JSON.stringify(reader))}`);
    const calls = mockApi({ 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(`${call.method} ${call.path}`).toBe('GET /api/auth/profile');
      expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
  });

  it('takes the user from the profile answer, not from the address', async () => {
    const forged = { ...reader, name: 'Someone Else', admin: true };
    arriveWith(`?token=${TOKEN}&user=${encodeURIComponent(JSON.stringify(forged))}`);
    mockApi({ 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
  });

  it('replaces a session stored earlier with the new one', async () => {
    storeSession({ ...reader, id: 99, email: 'old@example.com' }, 'old-token');
    arriveWith(`?token=${TOKEN}`);
    mockApi({
      'GET /api/auth/profile': (call) =>
        call.headers.authorization === `Bearer ${TOKEN}` ? ok({ user: reader }) : failure(401),
    });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
  });

  it('signs in and adds the fiction exactly once under StrictMode, as the app renders it', async () => {
    arriveWith(`?token=${TOKEN}&fiction_id=555`);
    const calls = mockApi({
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
    expect(calls.filter((call) => call.path === '/api/fictions/555')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/userFictions')).toHaveLength(1);
    expect(screen.queryByText('No authentication token received.')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });
});

describe('OAuthCallbackPage with a fiction to add', () => {
  const profileAndFiction = {
    'GET /api/auth/profile': () => ok({ user: reader }),
    'GET /api/fictions/555': () => ok(fictionAt555),
  };

  it('adds the fiction as plan to read and opens its page', async () => {
    arriveWith(`?token=${TOKEN}&fiction_id=555`);
    const calls = mockApi({
      ...profileAndFiction,
      'POST /api/userFictions': () => jsonResponse(201, { success: true, data: { id: 1 } }),
    });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/fiction/555/some_title'));
    // The token is verified first; only then is the fiction looked up and added.
    expect(calls[0]?.path).toBe('/api/auth/profile');
    expect(
      calls.filter((call) => call.path !== '/api/auth/profile').map((call) => `${call.method} ${call.path}`),
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
    arriveWith(`?token=${TOKEN}&fiction_id=555`);
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
    arriveWith(`?token=${TOKEN}&fiction_id=555`);
    const calls = mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'GET /api/fictions/555': () => failure(404, 'Fiction not found'),
    });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/fiction/555'));
    expect(calls.map((call) => call.path)).not.toContain('/api/userFictions');
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  it('ignores a fiction_id that is not a Royal Road id and opens the dashboard', async () => {
    arriveWith(`?token=${TOKEN}&fiction_id=not-a-number`);
    const calls = mockApi({ 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderCallback();

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.map((call) => call.path)).not.toContain('/api/fictions/not-a-number');
    expect(calls.every((call) => call.path === '/api/auth/profile')).toBe(true);
  });

  it('adds nothing when the token is rejected', async () => {
    arriveWith(`?token=${TOKEN}&fiction_id=555`);
    const calls = mockApi({ 'GET /api/auth/profile': () => failure(401) });
    renderCallback();

    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.every((call) => call.path === '/api/auth/profile')).toBe(true);
    expect(currentPath()).not.toMatch(/^\/fiction\//);
  });
});

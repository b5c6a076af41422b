import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiRoutes,
  currentPath,
  failure,
  fictionAt555,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  submitRegistration,
  submitSignIn,
} from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

const signedIn = () => ok({ user: reader, token: 'new-token' });

function server(routes: ApiRoutes) {
  return mockApi({ 'GET /api/oauth/providers': () => ok([]), ...routes });
}

/** The calls after the provider list, as "METHOD path". */
const flow = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.path !== '/api/oauth/providers').map((call) => `${call.method} ${call.path}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('password sign-in from a fiction page (?fiction_id=)', () => {
  it('signs in, adds the fiction as plan to read and opens its page', async () => {
    const calls = server({
      'POST /api/auth/login': signedIn,
      'GET /api/fictions/555': () => ok(fictionAt555),
      'POST /api/userFictions': () => ok({ id: 1 }),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login?fiction_id=555' });

    await submitSignIn(user);

    await waitFor(() => expect(currentPath()).toBe('/fiction/555/some_title'));
    expect(flow(calls)).toEqual(['POST /api/auth/login', 'GET /api/fictions/555', 'POST /api/userFictions']);
    const add = calls.find((call) => call.path === '/api/userFictions');
    expect(add?.body).toEqual({ fiction_id: 42, status: 'plan_to_read' });
    expect(add?.headers.authorization).toBe('Bearer new-token');
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it.each([
    [409, 'Fiction already in your list'],
    [400, 'Invalid request'],
  ])('opens the fiction page all the same when adding answers %i', async (status, error) => {
    server({
      'POST /api/auth/login': signedIn,
      'GET /api/fictions/555': () => ok(fictionAt555),
      'POST /api/userFictions': () => failure(status, error),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login?fiction_id=555' });

    await submitSignIn(user);

    await waitFor(() => expect(currentPath()).toBe('/fiction/555/some_title'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the fiction page without a slug when the fiction cannot be looked up', async () => {
    const calls = server({
      'POST /api/auth/login': signedIn,
      'GET /api/fictions/555': () => failure(404, 'Fiction not found'),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login?fiction_id=555' });

    await submitSignIn(user);

    await waitFor(() => expect(currentPath()).toBe('/fiction/555'));
    expect(flow(calls)).toEqual(['POST /api/auth/login', 'GET /api/fictions/555']);
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('does not look the fiction up when sign-in fails', async () => {
    const calls = server({ 'POST /api/auth/login': () => failure(401, 'Invalid email or password.') });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login?fiction_id=555' });

    await submitSignIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(flow(calls)).toEqual(['POST /api/auth/login']);
    expect(currentPath()).toBe('/login');
  });

  it('goes to the dashboard when fiction_id is not a Royal Road id', async () => {
    const calls = server({ 'POST /api/auth/login': signedIn });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login?fiction_id=abc' });

    await submitSignIn(user);

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(flow(calls)).toEqual(['POST /api/auth/login']);
  });

  it('keeps fiction_id on the link to create an account', () => {
    server({});
    renderWithProviders(<LoginPage />, { route: '/login?fiction_id=555' });

    expect(screen.getByRole('link', { name: 'create a new account' })).toHaveAttribute(
      'href',
      '/register?fiction_id=555',
    );
  });
});

describe('registration from a fiction page (?fiction_id=)', () => {
  it('creates the account, adds the fiction as plan to read and opens its page', async () => {
    const calls = server({
      'POST /api/auth/register': signedIn,
      'GET /api/fictions/555': () => ok(fictionAt555),
      'POST /api/userFictions': () => ok({ id: 1 }),
    });
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register?fiction_id=555' });

    await submitRegistration(user);

    await waitFor(() => expect(currentPath()).toBe('/fiction/555/some_title'));
    expect(flow(calls)).toEqual([
      'POST /api/auth/register',
      'GET /api/fictions/555',
      'POST /api/userFictions',
    ]);
    expect(calls.find((call) => call.path === '/api/userFictions')?.body).toEqual({
      fiction_id: 42,
      status: 'plan_to_read',
    });
  });

  it('keeps fiction_id on the link to sign in', () => {
    server({});
    renderWithProviders(<RegisterPage />, { route: '/register?fiction_id=555' });

    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?fiction_id=555');
  });
});

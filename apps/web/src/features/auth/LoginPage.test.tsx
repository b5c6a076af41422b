import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { LoginPage } from './LoginPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(user: UserEvent, email = 'rita@example.com', password = 'Secret123') {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('asks the visitor to sign in and offers a link to create an account', () => {
    mockApi();
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create a new account' })).toHaveAttribute('href', '/register');
  });

  it('offers a way back for a forgotten password', () => {
    mockApi();
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows "Signing in..." on a disabled button while the request is pending', async () => {
    const reply = deferred<Response>();
    mockApi({ 'POST /api/auth/login': () => reply.promise });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await fillAndSubmit(user);

    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    reply.resolve(failure(401, 'Invalid email or password.'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the server error when sign-in fails and lets the visitor try again', async () => {
    mockApi({ 'POST /api/auth/login': () => failure(401, 'Invalid email or password.') });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/login');
  });

  it('shows "Login failed" when the failed reply carries no error text', async () => {
    mockApi({ 'POST /api/auth/login': () => failure(400) });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('explains an outage in catalogue words rather than "Login failed"', async () => {
    mockApi({ 'POST /api/auth/login': () => failure(503) });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable. Please try again later.',
    );
  });

  it('clears the previous error when the visitor submits again', async () => {
    const second = deferred<Response>();
    let attempt = 0;
    mockApi({
      'POST /api/auth/login': () =>
        ++attempt === 1 ? failure(401, 'Invalid email or password.') : second.promise,
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await fillAndSubmit(user);
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    second.resolve(failure(401, 'Invalid email or password.'));
    await screen.findByRole('alert');
  });

  it('stores the session and opens the dashboard after signing in', async () => {
    const calls = mockApi({ 'POST /api/auth/login': () => ok({ user: reader, token: 'new-token' }) });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await fillAndSubmit(user, 'rita@example.com', 'Secret123');

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.find((call) => call.path === '/api/auth/login')?.body).toEqual({
      email: 'rita@example.com',
      password: 'Secret123',
    });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
  });

  it('sends a reader who is already signed in on to the dashboard', async () => {
    storeSession(reader);
    mockApi({ 'GET /api/auth/profile': () => ok({ user: reader }) });
    renderWithProviders(<LoginPage />, { route: '/login' });

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });
});

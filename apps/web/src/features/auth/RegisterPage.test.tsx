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
} from '../../test/render.tsx';
import { RegisterPage } from './RegisterPage.tsx';

const HINT = 'Password must be at least 8 characters with uppercase, lowercase, and number.';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(user: UserEvent, { name = '' }: { name?: string } = {}) {
  if (name) await user.type(screen.getByLabelText('Full name (optional)'), name);
  await user.type(screen.getByLabelText('Email address'), 'rita@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('RegisterPage', () => {
  it('asks the visitor to create an account and links back to sign-in', () => {
    mockApi();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains the password rules next to the password field', () => {
    mockApi();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(HINT);
  });

  it('shows "Creating account..." on a disabled button while the request is pending', async () => {
    const reply = deferred<Response>();
    mockApi({ 'POST /api/auth/register': () => reply.promise });
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });

    await fillAndSubmit(user);

    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    reply.resolve(failure(409, 'An account with this email already exists.'));
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('shows the server error when registration fails', async () => {
    mockApi({ 'POST /api/auth/register': () => failure(409, 'An account with this email already exists.') });
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/register');
  });

  it('shows "Registration failed" when the failed reply carries no error text', async () => {
    mockApi({ 'POST /api/auth/register': () => failure(400) });
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
  });

  it('creates the account with the trimmed name, stores the session and opens the dashboard', async () => {
    const calls = mockApi({ 'POST /api/auth/register': () => ok({ user: reader, token: 'fresh-token' }) });
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });

    await fillAndSubmit(user, { name: '  Rita Reader ' });

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.find((call) => call.path === '/api/auth/register')?.body).toEqual({
      email: 'rita@example.com',
      password: 'Secret123',
      name: 'Rita Reader',
    });
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(reader);
  });

  it('leaves the name out when the visitor gives none', async () => {
    const calls = mockApi({ 'POST /api/auth/register': () => ok({ user: reader, token: 'fresh-token' }) });
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });

    await fillAndSubmit(user);

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.find((call) => call.path === '/api/auth/register')?.body).toEqual({
      email: 'rita@example.com',
      password: 'Secret123',
    });
  });
});

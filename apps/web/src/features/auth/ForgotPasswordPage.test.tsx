import { ACCOUNT_EMAIL_MESSAGES } from '@rrc/contract/rules';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const config = (emailEnabled: boolean) => () =>
  ok({
    stripe_publishable_key: null,
    donations_enabled: false,
    contact_email: null,
    email_enabled: emailEnabled,
  });

describe('ForgotPasswordPage', () => {
  it('sends the address, shows "Sending..." meanwhile, then says a link is on its way if an account uses it', async () => {
    const reply = deferred<Response>();
    const calls = mockApi({
      'GET /api/config': config(true),
      'POST /api/auth/forgot-password': () => reply.promise,
    });
    const { user } = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });

    await user.type(await screen.findByLabelText('Email address'), 'rita@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    reply.resolve(ok({ email: 'rita@example.com' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses rita@example.com, a link to choose a new password is on its way. It works once, for 60 minutes',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'rita@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the server’s reason when the request is refused, and lets the reader try again', async () => {
    mockApi({
      'GET /api/config': config(true),
      'POST /api/auth/forgot-password': () =>
        failure(429, 'Too many requests. Please wait a moment and try again.'),
    });
    const { user } = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(await screen.findByLabelText('Email address'), 'rita@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('says plainly when the site sends no email', async () => {
    mockApi({ 'GET /api/config': config(false) });
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    expect(await screen.findByText(ACCOUNT_EMAIL_MESSAGES.resetUnavailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
  });
});

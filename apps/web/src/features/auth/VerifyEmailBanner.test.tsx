import type { User } from '@rrc/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deferred,
  failure,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const unverified: User = { ...reader, email_verified: false };
const config = (emailEnabled: boolean) => () =>
  ok({
    stripe_publishable_key: null,
    donations_enabled: false,
    contact_email: null,
    email_enabled: emailEnabled,
  });

function signedInAs(user: User, emailEnabled = true, resend?: () => Response | Promise<Response>) {
  storeSession(user);
  return mockApi({
    'GET /api/auth/profile': () => ok({ user }),
    'GET /api/config': config(emailEnabled),
    ...(resend ? { 'POST /api/auth/resend-verification': resend } : {}),
  });
}

describe('VerifyEmailBanner', () => {
  it('asks an unverified reader to confirm their address and sends the link again on request', async () => {
    const reply = deferred<Response>();
    const calls = signedInAs(unverified, true, () => reply.promise);
    const { user } = renderWithProviders(<VerifyEmailBanner />, { route: '/dashboard' });

    const banner = await screen.findByRole('region', { name: 'Verify your email address' });
    expect(banner).toHaveTextContent('Please confirm your email address. We sent a link to rita@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    reply.resolve(ok({ email: 'rita@example.com' }));
    expect(await screen.findByText(/It works for 24 hours/)).toHaveTextContent(
      'Please confirm your email address. We sent a new link to rita@example.com. It works for 24 hours.',
    );
    expect(calls.filter((call) => call.path === '/api/auth/resend-verification')).toHaveLength(1);
  });

  it('says why the link could not be sent', async () => {
    signedInAs(unverified, true, () =>
      failure(
        429,
        'We have already sent you several emails in the last hour. Please check your inbox (and spam folder), or try again later.',
      ),
    );
    const { user } = renderWithProviders(<VerifyEmailBanner />, { route: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(/several emails in the last hour/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeEnabled();
  });

  it('stays away for a verified reader, a visitor, and on a site that sends no email', async () => {
    const verifiedCalls = signedInAs(reader);
    const { unmount } = renderWithProviders(<VerifyEmailBanner />, { route: '/dashboard' });
    await vi.waitFor(() => expect(verifiedCalls.map((call) => call.path)).toContain('/api/auth/profile'));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    // A verified reader's pages do not even ask the server about email.
    expect(verifiedCalls.map((call) => call.path)).not.toContain('/api/config');
    unmount();

    const calls = signedInAs(unverified, false);
    renderWithProviders(<VerifyEmailBanner />, { route: '/dashboard' });
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/config'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

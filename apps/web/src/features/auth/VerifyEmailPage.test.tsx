import { ACCOUNT_EMAIL_MESSAGES } from '@rrc/contract/rules';
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
import { VerifyEmailPage } from './VerifyEmailPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerifyEmailPage', () => {
  it('confirms the address from the link once, and offers to sign in', async () => {
    const reply = deferred<Response>();
    const calls = mockApi({ 'POST /api/auth/verify-email': () => reply.promise });
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=abc123' });

    expect(await screen.findByText('Confirming your email address...')).toBeInTheDocument();
    reply.resolve(ok({ email: 'rita@example.com' }));

    expect(
      await screen.findByRole('heading', { name: 'Your email address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('rita@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'abc123' });
  });

  it('shows a signed-in reader their account as verified at once', async () => {
    storeSession({ ...reader, email_verified: false }, 'stored-token');
    let profiles = 0;
    mockApi({
      'GET /api/auth/profile': () => {
        profiles += 1;
        return ok({ user: { ...reader, email_verified: profiles > 1 } });
      },
      'POST /api/auth/verify-email': () => ok({ email: reader.email }),
    });
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=abc123' });

    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await vi.waitFor(() => expect(profiles).toBe(2));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email_verified).toBe(true);
  });

  it('says why a link did not work', async () => {
    mockApi({
      'POST /api/auth/verify-email': () => failure(400, ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid),
    });
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=used' });

    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid)).toBeInTheDocument();
  });

  it('says a link without its token is incomplete, without asking the server', () => {
    const calls = mockApi();
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email' });
    expect(screen.getByText(ACCOUNT_EMAIL_MESSAGES.linkIncomplete)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

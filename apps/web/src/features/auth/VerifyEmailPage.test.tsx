import { ACCOUNT_EMAIL_MESSAGES } from '@rrc/contract/rules';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
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
  visitedPaths,
} from '../../test/render.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';
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
    reply.resolve(ok({ email: 'rita@example.com', status: 'verified' }));

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
      'POST /api/auth/verify-email': () => ok({ email: reader.email, status: 'verified' }),
    });
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=abc123' });

    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await vi.waitFor(() => expect(profiles).toBe(2));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email_verified).toBe(true);
  });

  it('sends whoever opened the link outside the account’s session on to choose its password, then signs them in', async () => {
    storeSession({ ...reader, id: 99, email: 'someone-else@example.com' }, 'another-account');
    const calls = mockApi({
      'GET /api/auth/profile': () => ok({ user: { ...reader, id: 99, email: 'someone-else@example.com' } }),
      'POST /api/auth/verify-email': () =>
        ok({ email: 'rita@example.com', status: 'choose-password', resetToken: 'r3set' }),
      'POST /api/auth/reset-password': () =>
        ok({ token: 'owners-token', user: { ...reader, email_verified: true } }),
    });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>,
      { route: '/verify-email?token=abc123' },
    );

    expect(
      await screen.findByRole('heading', { name: ACCOUNT_EMAIL_MESSAGES.choosePasswordToConfirm }),
    ).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_EMAIL_MESSAGES.choosePasswordWhy)).toBeInTheDocument();
    expect(visitedPaths()).not.toContain('/dashboard');
    // The link went with this browser's session, so that the server could tell whose it is.
    const verify = calls.find((call) => call.path === '/api/auth/verify-email');
    expect(verify?.headers.authorization).toBe('Bearer another-account');

    await user.type(screen.getByLabelText('New password'), 'Owners-pass-2026');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Owners-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await vi.waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      token: 'r3set',
      password: 'Owners-pass-2026',
    });
    expect(localStorage.getItem('token')).toBe('owners-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email_verified: true });
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

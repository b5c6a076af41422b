import { ACCOUNT_EMAIL_MESSAGES } from '@rrc/contract/rules';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, failure, mockApi, ok, reader, renderWithProviders } from '../../test/render.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function choose(user: UserEvent, password: string, repeated = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat the new password'), repeated);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('sets the new password with the link’s token, signs the reader in and opens the dashboard', async () => {
    const calls = mockApi({
      'POST /api/auth/reset-password': () => ok({ token: 'fresh-token', user: reader }),
    });
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=t0k3n' });
    await choose(user, 'Remembered-2026');

    await vi.waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls[0]?.body).toEqual({ token: 't0k3n', password: 'Remembered-2026' });
    expect(localStorage.getItem('token')).toBe('fresh-token');
  });

  it('asks for the same password twice before sending anything', async () => {
    const calls = mockApi();
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=t0k3n' });
    await choose(user, 'Remembered-2026', 'Remembered-2027');
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords are not the same.');
    expect(calls).toHaveLength(0);
  });

  it('keeps the form for a password the policy refuses', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => failure(400, 'Password needs an uppercase letter and a number.'),
    });
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=t0k3n' });
    await choose(user, 'weakling');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password needs an uppercase letter and a number.',
    );
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
  });

  it('offers a new link when this one expired or was used', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => failure(400, ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid),
    });
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=old' });
    await choose(user, 'Remembered-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

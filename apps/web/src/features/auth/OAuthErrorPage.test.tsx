import { OAUTH_MESSAGES } from '@rrc/contract/rules';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { OAuthErrorPage } from './OAuthErrorPage.tsx';

const GENERAL = 'An error occurred during authentication. Please try again.';

/** The providers the server lists (their names are part of its texts). */
function serverLists() {
  return mockApi({
    'GET /api/oauth/providers': () =>
      ok([
        { name: 'google', displayName: 'Google', icon: 'google', color: '#4285F4', enabled: true },
        { name: 'oidc', displayName: 'Company Login', icon: 'openid', color: '#F78C40', enabled: true },
        { name: 'apple', displayName: 'Apple', icon: 'apple', color: '#000000', enabled: false },
      ]),
  });
}

const errorPage = (text: string) => `/oauth/error?error=${encodeURIComponent(text)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OAuthErrorPage', () => {
  it.each([
    OAUTH_MESSAGES.noEmail('Google'),
    OAUTH_MESSAGES.cancelled('Company Login'),
    OAUTH_MESSAGES.stateInvalid,
    OAUTH_MESSAGES.emailNotVerified,
    OAUTH_MESSAGES.disabled('apple'),
  ])('shows the text the server sent: %s', async (text) => {
    serverLists();
    renderWithProviders(<OAuthErrorPage />, { route: errorPage(text) });
    expect(screen.getByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(GENERAL)).not.toBeInTheDocument();
  });

  it.each([
    'Your account is locked. Call +1 555 0100 to unlock it.',
    OAUTH_MESSAGES.disabled('Support: call +1 555 0100'),
    OAUTH_MESSAGES.cancelled('a provider this site does not have'),
  ])('shows the general message instead of a text the server never sends: %s', async (text) => {
    serverLists();
    renderWithProviders(<OAuthErrorPage />, { route: errorPage(text) });
    expect(await screen.findByText(GENERAL)).toBeInTheDocument();
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('shows the general message when the providers cannot be listed', async () => {
    mockApi({ 'GET /api/oauth/providers': () => failure(503) });
    renderWithProviders(<OAuthErrorPage />, { route: errorPage(OAUTH_MESSAGES.cancelled('Google')) });
    expect(await screen.findByText(GENERAL)).toBeInTheDocument();
  });

  it.each(['/oauth/error', '/oauth/error?error='])('shows a general message for %s', (route) => {
    const calls = mockApi();
    renderWithProviders(<OAuthErrorPage />, { route });
    expect(screen.getByText(GENERAL)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers a way back to login and to create a new account', async () => {
    serverLists();
    const { user } = renderWithProviders(<OAuthErrorPage />, { route: '/oauth/error?error=Denied' });

    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create a new account' })).toHaveAttribute('href', '/register');

    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(currentPath()).toBe('/login');
  });
});

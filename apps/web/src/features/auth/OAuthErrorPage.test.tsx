import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, renderWithProviders } from '../../test/render.tsx';
import { OAuthErrorPage } from './OAuthErrorPage.tsx';

describe('OAuthErrorPage', () => {
  it('shows the error passed in the query string', () => {
    renderWithProviders(<OAuthErrorPage />, {
      route: `/oauth/error?error=${encodeURIComponent('Google did not share your email.')}`,
    });
    expect(screen.getByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByText('Google did not share your email.')).toBeInTheDocument();
    expect(
      screen.queryByText('An error occurred during authentication. Please try again.'),
    ).not.toBeInTheDocument();
  });

  it.each(['/oauth/error', '/oauth/error?error='])('shows a general message for %s', (route) => {
    renderWithProviders(<OAuthErrorPage />, { route });
    expect(
      screen.getByText('An error occurred during authentication. Please try again.'),
    ).toBeInTheDocument();
  });

  it('offers a way back to login and to create a new account', async () => {
    const { user } = renderWithProviders(<OAuthErrorPage />, { route: '/oauth/error?error=Denied' });

    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create a new account' })).toHaveAttribute('href', '/register');

    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(currentPath()).toBe('/login');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PrivacyPage } from './PrivacyPage.tsx';

describe('PrivacyPage', () => {
  it('states that account holders must be at least 13', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/You must be at least 13 years old to create an account/)).toBeInTheDocument();
  });

  it('links back to the dashboard and on to the terms', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    const related = screen.getByRole('navigation', { name: 'Related pages' });
    expect(related).toContainElement(screen.getByRole('link', { name: /Back to Dashboard/ }));
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).not.toBeInTheDocument();
  });
});

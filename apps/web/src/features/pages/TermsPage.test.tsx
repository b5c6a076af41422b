import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { TermsPage } from './TermsPage.tsx';

describe('TermsPage', () => {
  it('shows the terms, including the minimum age', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText(/at least 13 years old/)).toBeInTheDocument();
  });

  it('links back to the dashboard and on to the privacy policy', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    const related = screen.getByRole('navigation', { name: 'Related pages' });
    expect(related).toContainElement(screen.getByRole('link', { name: /Back to Dashboard/ }));
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.queryByRole('link', { name: 'Terms of Service' })).not.toBeInTheDocument();
  });
});

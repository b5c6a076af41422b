import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderWithProviders } from '../../test/render.tsx';
import { Footer } from './Footer.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('Footer', () => {
  it('shows the current year', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    renderWithProviders(<Footer />);
    expect(screen.getByText(/© 2031 RR Companion/)).toBeInTheDocument();
  });

  it('links to the Privacy Policy and the Terms of Service', async () => {
    const { user } = renderWithProviders(<Footer />, { route: '/about' });
    const legal = screen.getByRole('navigation', { name: 'Legal' });

    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');

    await user.click(within(legal).getByRole('link', { name: 'Terms of Service' }));
    expect(currentPath()).toBe('/terms');
  });
});

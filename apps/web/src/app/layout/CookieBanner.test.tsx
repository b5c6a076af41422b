import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { CookieBanner } from './CookieBanner.tsx';

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('CookieBanner', () => {
  it('asks for a choice when none is stored, linking to the privacy policy', () => {
    renderWithProviders(<CookieBanner />);
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it.each([
    ['Accept', 'accepted'],
    ['Decline', 'declined'],
  ])('hides after %s and remembers the choice', async (button, stored) => {
    const { user } = renderWithProviders(<CookieBanner />);

    await user.click(screen.getByRole('button', { name: button }));

    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem('cookie-consent')).toBe(stored);
  });

  it.each(['accepted', 'declined'])('stays hidden when the visitor already %s', (stored) => {
    localStorage.setItem('cookie-consent', stored);
    renderWithProviders(<CookieBanner />);
    expect(banner()).not.toBeInTheDocument();
  });

  it('asks again when the stored value is not a known choice', () => {
    localStorage.setItem('cookie-consent', 'maybe');
    renderWithProviders(<CookieBanner />);
    expect(banner()).toBeInTheDocument();
  });

  it('stays hidden on the next visit after a choice', async () => {
    const first = renderWithProviders(<CookieBanner />);
    await first.user.click(screen.getByRole('button', { name: 'Accept' }));
    first.unmount();

    renderWithProviders(<CookieBanner />);
    expect(banner()).not.toBeInTheDocument();
  });
});

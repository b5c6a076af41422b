import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { LandingPage } from './LandingPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LandingPage', () => {
  it("leads from the top fictions to Royal Road's popular list", async () => {
    mockApi({
      'GET /api/rising-stars/top?limit=5': () => ok({ captured_at: null, entries: [] }),
      'GET /api/fictions/popular-by-users?limit=5': () => ok([]),
    });
    const { user } = renderWithProviders(<LandingPage />);

    const link = screen.getByRole('link', { name: /See what is popular on Royal Road/ });
    expect(link).toHaveAttribute('href', '/royalroad');
    await user.click(link);
    expect(currentPath()).toBe('/royalroad');
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { LandingPage } from './LandingPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOP = 'GET /api/rising-stars/top?limit=5';
const POPULAR = 'GET /api/fictions/popular-by-users?limit=5';

const entry = (position: number, title: string) => ({
  id: position,
  royalroad_id: 1000 + position,
  title,
  author_name: position === 1 ? null : 'An Author',
  image_url: null,
  genre: 'main',
  position,
  captured_at: '2026-11-20T14:24:00.000Z',
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

  it('shows the top Rising Stars with the time of their capture, and the fictions most often in readers’ lists', async () => {
    mockApi({
      [TOP]: () =>
        ok({ captured_at: '2026-11-20T14:24:00.000Z', entries: [entry(1, 'First'), entry(2, 'Second')] }),
      [POPULAR]: () =>
        ok([{ id: 7, royalroad_id: 2007, title: 'Loved', author_name: 'Writer', user_count: 12 }]),
    });
    renderWithProviders(<LandingPage />);

    const top = screen.getByRole('region', { name: 'Top 5 Rising Stars' });
    expect(await within(top).findByRole('link', { name: 'First' })).toHaveAttribute(
      'href',
      '/fiction/1001/first',
    );
    expect(within(top).getByText('by Unknown Author')).toBeInTheDocument();
    expect(within(top).getByText(/^as of /)).toBeInTheDocument();
    const popular = screen.getByRole('region', { name: 'Most Popular on Site' });
    expect(await within(popular).findByRole('link', { name: 'Loved' })).toHaveAttribute(
      'href',
      '/fiction/2007/loved',
    );
  });

  it('says when the lists are empty', async () => {
    mockApi({ [TOP]: () => ok({ captured_at: null, entries: [] }), [POPULAR]: () => ok([]) });
    renderWithProviders(<LandingPage />);

    expect(await screen.findByText('The first Rising Stars capture has not run yet.')).toBeInTheDocument();
    expect(await screen.findByText('No fictions in readers’ lists yet.')).toBeInTheDocument();
  });

  it('only logs a failure of either list: the tables stay quiet', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ [TOP]: () => failure(500), [POPULAR]: () => failure(503) });
    renderWithProviders(<LandingPage />);

    await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(2));
    expect(log).toHaveBeenCalledWith(
      'Failed to load the most popular fictions on the site:',
      'Service temporarily unavailable. Please try again later.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('No fictions in readers’ lists yet.')).not.toBeInTheDocument();
    expect(screen.queryByText('The first Rising Stars capture has not run yet.')).not.toBeInTheDocument();
  });
});

import type { UserFiction } from '@rrc/contract';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobRun } from '../../features/admin/test-fixtures.ts';
import {
  type ApiRoutes,
  admin,
  failure,
  fictionAt555,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';
import { FictionPage } from './FictionPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PAGE = '/fiction/555/some-title';
const scrapeJob = (status: 'queued' | 'running' | 'succeeded' | 'failed', error: string | null = null) =>
  jobRun({ id: 120, job: 'fiction', trigger: 'manual', status, params: { royalroadId: 555 }, error });

/** The page's own reads, for a signed-in reader whose favorites are `favorites()`. */
function fictionRoutes(favorites: () => UserFiction[] = () => []): ApiRoutes {
  return {
    'GET /api/fictions/555': () => ok(fictionAt555),
    'GET /api/fictions/555/history': () => ok({ fiction_id: 42, royalroad_id: 555, points: [] }),
    'GET /api/rising-stars/fiction/42': () => ok([]),
    'GET /api/fictions/555/refresh': () =>
      ok({
        royalroad_id: 555,
        last_updated_at: null,
        refreshable_at: null,
        refreshes: { used: 0, limit: 10, next_at: null },
        job: null,
      }),
    'GET /api/userFictions/favorites?limit=1000': () => {
      const userFictions = favorites();
      return ok({
        userFictions,
        pagination: { page: 1, limit: 1000, total: userFictions.length, totalPages: 1 },
      });
    },
  };
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/fiction/:id/:slug?" element={<FictionPage />} />
    </Routes>,
    { route: PAGE },
  );
}

describe('a fiction page with what other features add to it', () => {
  it('lets an admin scrape the fiction now, follows the scrape and reads the fiction again when it is done', async () => {
    storeSession(admin);
    const progress = [scrapeJob('running'), scrapeJob('succeeded')];
    const calls = mockApi({
      ...fictionRoutes(),
      'GET /api/auth/profile': () => ok({ user: admin }),
      'POST /api/admin/manual-scrape/555': () => ok({ jobId: 120, job: scrapeJob('queued') }),
      'GET /api/admin/jobs/120': () => ok(progress.length > 1 ? progress.shift() : progress[0]),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Manual Scrape' }));
    expect(await screen.findByText('Waiting for its turn...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scraping...' })).toBeDisabled();

    expect(
      await screen.findByText('Scraped just now: the numbers below are fresh.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manual Scrape' })).toBeEnabled();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/fictions/555')).toHaveLength(2));
  });

  it('says why a scrape failed, and when it could not start', async () => {
    storeSession(admin);
    let starts = 0;
    mockApi({
      ...fictionRoutes(),
      'GET /api/auth/profile': () => ok({ user: admin }),
      'POST /api/admin/manual-scrape/555': () =>
        ++starts === 1
          ? ok({ jobId: 120, job: scrapeJob('failed', 'Royal Road answered 503') })
          : failure(409),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Manual Scrape' }));
    expect(await screen.findByText('Scrape failed: Royal Road answered 503')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manual Scrape' }));
    expect(await screen.findByText('Could not start the scrape')).toBeInTheDocument();
  });

  it('offers a signed-in reader who is no admin the favorite button, and no Manual Scrape', async () => {
    storeSession(reader);
    let favorite = false;
    const entry: UserFiction = {
      id: 900,
      fiction_id: 42,
      status: 'plan_to_read',
      is_favorite: true,
      favorite_position: 1,
      current_chapter: 0,
      total_chapters: null,
      created_at: '2024-06-01T10:00:00.000Z',
      updated_at: '2024-06-01T10:00:00.000Z',
      fiction: fictionAt555,
    };
    const calls = mockApi({
      ...fictionRoutes(() => (favorite ? [entry] : [])),
      'GET /api/auth/profile': () => ok({ user: reader }),
      'POST /api/userFictions/42/favorite': () => {
        favorite = true;
        return ok(entry);
      },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: /Add to Favorites/ }));
    expect(await screen.findByRole('button', { name: /Favorited/ })).toHaveAttribute('aria-pressed', 'true');
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/api/userFictions/42/favorite'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Manual Scrape' })).not.toBeInTheDocument();
  });

  it('offers a visitor to sign in to track the fiction, with neither favorite button nor Manual Scrape', async () => {
    mockApi(fictionRoutes());
    renderPage();

    expect(await screen.findByRole('link', { name: 'Sign in to track this fiction' })).toHaveAttribute(
      'href',
      '/login?fiction_id=555',
    );
    expect(screen.queryByRole('button', { name: /Add to Favorites/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manual Scrape' })).not.toBeInTheDocument();
  });
});

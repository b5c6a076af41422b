import type { ScrapeHealth as JobHealth } from '@rrc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  type ApiRoutes,
  failure,
  jsonResponse,
  mockApi,
  ok,
  renderWithProviders,
} from '../../test/render.tsx';
import { AdminPage } from './AdminPage.tsx';
import { SCHEDULER_OFF } from './components/ScrapeHealth.tsx';
import { jobRun, page, statistics } from './test-fixtures.ts';

const STATISTICS = 'GET /api/admin/statistics';
const HISTORY = 'GET /api/admin/jobs?page=1&limit=10';
const DELIVERIES = 'GET /api/admin/deliveries';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAdmin(routes: ApiRoutes = {}) {
  const calls = mockApi({
    [STATISTICS]: () => ok(statistics()),
    [HISTORY]: () => jsonResponse(200, page([jobRun()], 1, 1, 10)),
    [DELIVERIES]: () => ok([]),
    ...routes,
  });
  return { ...renderWithProviders(<AdminPage />, { route: '/admin' }), calls };
}

const card = (label: string) => {
  const heading = screen.getByRole('heading', { name: label, level: 2 });
  return heading.closest('div.flex-col') as HTMLElement;
};

const callsTo = (calls: ApiCall[], key: string) =>
  calls.filter((call) => `${call.method} ${call.path}` === key);

describe('Admin statistics', () => {
  it('shows users, fictions, coffee revenue with two decimals and new fictions', async () => {
    renderAdmin();

    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(within(card('Users')).getByText('56')).toBeInTheDocument();
    expect(
      within(card('Users')).getByText('Active: signed in or changed their list in the last 30 days.'),
    ).toBeInTheDocument();
    expect(within(card('Fictions')).getByText('169')).toBeInTheDocument();
    expect(within(card('Coffee donations')).getByText('$12.50')).toBeInTheDocument();
    expect(card('Coffee donations')).toHaveTextContent('2 donations');
    expect(within(card('New fictions')).getByText('7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Users/ })).toHaveAttribute('href', '/admin/users');
  });

  it('keeps two decimals for whole-dollar revenue', async () => {
    renderAdmin({
      [STATISTICS]: () => ok(statistics({ coffee_donations: { total_revenue: 10, count: 1 } })),
    });

    expect(await screen.findByText('$10.00')).toBeInTheDocument();
    expect(card('Coffee donations')).toHaveTextContent(/1 donation(?!s)/);
  });

  it('only logs a failure to load the statistics: dashes, no error text', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAdmin({ [STATISTICS]: () => failure(500, 'Database is down') });

    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(within(card('Users')).getAllByText('—')).toHaveLength(2);
    expect(within(card('Coffee donations')).getAllByText('—')).toHaveLength(2);
    expect(within(card('Fictions')).getByText('—')).toBeInTheDocument();
    expect(within(card('New fictions')).getByText('—')).toBeInTheDocument();
    expect(screen.queryByText('Database is down')).not.toBeInTheDocument();
    expect(screen.queryByText(/error occurred/i)).not.toBeInTheDocument();
    // The job history loaded on its own, so nothing on the page reports a failure.
    await screen.findAllByTestId('job-row');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Scrape health', () => {
  it('shows each job with its last run, counts, error and next runs in Pacific time and UTC', async () => {
    renderAdmin();

    const risingStars = await screen.findByRole('article', { name: 'Rising Stars' });
    expect(within(risingStars).getByText('Captures every Rising Stars list four times a day.')).toBeVisible();
    expect(within(risingStars).getByTestId('job-status')).toHaveTextContent('Succeeded');
    expect(within(risingStars).getByText('13 s')).toBeInTheDocument();
    expect(within(risingStars).getByText('Entries')).toBeInTheDocument();
    expect(within(risingStars).getByText('150')).toBeInTheDocument();
    expect(within(risingStars).getByText('Sat, Nov 21, 12:24 AM PST')).toBeInTheDocument();
    expect(within(risingStars).getByText('Sat, Nov 21, 08:24 UTC')).toBeInTheDocument();
    expect(within(risingStars).getByText('Sat, Nov 21, 14:24 UTC')).toBeInTheDocument();

    const allFictions = screen.getByRole('article', { name: 'All fictions' });
    expect(within(allFictions).getByTestId('job-status')).toHaveTextContent('Partial');
    expect(within(allFictions).getByText('Fiction 12345: Royal Road answered 404.')).toBeInTheDocument();
    expect(within(allFictions).getByText('1 min 1 s')).toBeInTheDocument();

    const oneFiction = screen.getByRole('article', { name: 'One fiction' });
    expect(
      within(oneFiction).getByText('One fiction, on request (manual scrapes and refreshes).'),
    ).toBeInTheDocument();
    expect(within(oneFiction).getByText('Never run')).toBeInTheDocument();
    expect(within(oneFiction).getByText('Not scheduled: only on request.')).toBeInTheDocument();
    expect(screen.queryByText(SCHEDULER_OFF)).toBeNull();
  });

  it('says the scheduler is off instead of next runs, and shows the last capture of data loaded without a run', async () => {
    const base = statistics();
    const [risingStars, allFictions, fiction] = base.scraping.jobs.map((job) => ({
      ...job,
      last_run: null,
      last_duration_ms: null,
      next_runs: [],
    }));
    renderAdmin({
      [STATISTICS]: () =>
        ok({
          ...base,
          scraping: {
            ...base.scraping,
            scheduler: false,
            jobs: [
              { ...(risingStars as JobHealth), last_capture_at: '2026-07-19T18:42:47.000Z' },
              allFictions as JobHealth,
              fiction as JobHealth,
            ],
          },
        }),
    });

    expect(await screen.findByText(SCHEDULER_OFF)).toBeVisible();
    expect(screen.queryByText('Next runs')).toBeNull();
    expect(screen.queryByText('Not scheduled: only on request.')).toBeNull();
    const captures = screen.getByRole('article', { name: 'Rising Stars' });
    expect(within(captures).getByText('No job run yet')).toBeInTheDocument();
    expect(within(captures).getByTestId('freshness')).toHaveTextContent(
      /^Last capture Jul 19, 2026 — \d+ days ago$/,
    );
    expect(
      within(screen.getByRole('article', { name: 'One fiction' })).getByText('Never run'),
    ).toBeInTheDocument();
  });
});

describe('Scrape Rising Stars now', () => {
  it('follows the job every second until it succeeds, then refreshes statistics and history', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queued = jobRun({
      id: 99,
      trigger: 'manual',
      status: 'queued',
      progress: { done: 0, total: null },
      counts: {},
      started_at: null,
      finished_at: null,
    });
    const progress = [
      {
        ...queued,
        status: 'running' as const,
        started_at: '2026-11-21T10:00:00.000Z',
        progress: { done: 1, total: 3 },
      },
      {
        ...queued,
        status: 'succeeded' as const,
        started_at: '2026-11-21T10:00:00.000Z',
        finished_at: '2026-11-21T10:00:04.000Z',
        progress: { done: 3, total: 3 },
        counts: { lists: 3, lists_failed: 0, entries: 150, fictions_created: 2 },
      },
    ];
    const { user, calls } = renderAdmin({
      'POST /api/admin/trigger/rising-stars-scrape': () =>
        jsonResponse(202, { success: true, data: { jobId: 99, job: queued } }),
      'GET /api/admin/jobs/99': () => ok(progress.length > 1 ? progress.shift() : progress[0]),
    });
    await screen.findByText('1,234');

    await user.click(screen.getByRole('button', { name: 'Scrape Rising Stars now' }));
    const status = await screen.findByRole('status', { name: 'Job 99' });
    expect(within(status).getByTestId('job-status')).toHaveTextContent('Queued');
    expect(screen.getByRole('button', { name: 'Scrape Rising Stars now' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(within(status).getByTestId('job-status')).toHaveTextContent('Running'));
    expect(within(status).getByText('1 of 3 done')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(within(status).getByTestId('job-status')).toHaveTextContent('Succeeded'));
    expect(within(status).getByText('Finished in 4.0 s.')).toBeInTheDocument();
    expect(within(status).getByText('New fictions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scrape Rising Stars now' })).toBeEnabled();

    await waitFor(() => expect(callsTo(calls, STATISTICS)).toHaveLength(2));
    expect(callsTo(calls, HISTORY).length).toBeGreaterThanOrEqual(2);
    // Nothing is asked about a finished job.
    const polls = callsTo(calls, 'GET /api/admin/jobs/99').length;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(callsTo(calls, 'GET /api/admin/jobs/99')).toHaveLength(polls);
  });

  it("shows the server's refusal when the job cannot start", async () => {
    const { user } = renderAdmin({
      'POST /api/admin/trigger/rising-stars-scrape': () => failure(503, 'The job queue is not running.'),
    });
    await screen.findByText('1,234');

    await user.click(screen.getByRole('button', { name: 'Scrape Rising Stars now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The job queue is not running.');
  });
});

describe('Scrape one fiction', () => {
  it('refuses input that is not a Royal Road fiction, without calling the server', async () => {
    const { user, calls } = renderAdmin();
    await screen.findByText('1,234');

    await user.type(screen.getByLabelText('Royal Road fiction link or id'), 'https://example.com/fiction/12');
    await user.click(screen.getByRole('button', { name: 'Scrape fiction' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That is not a Royal Road fiction.');
    expect(screen.getByLabelText('Royal Road fiction link or id')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('scrapes the fiction a link names and shows a failed result with its error', async () => {
    const queued = jobRun({
      id: 120,
      job: 'fiction',
      trigger: 'manual',
      status: 'queued',
      params: { royalroadId: 12345 },
      counts: {},
      started_at: null,
      finished_at: null,
    });
    const { user, calls } = renderAdmin({
      'POST /api/admin/manual-scrape/12345': () =>
        jsonResponse(202, { success: true, data: { jobId: 120, job: queued } }),
      'GET /api/admin/jobs/120': () =>
        ok({
          ...queued,
          status: 'failed',
          started_at: '2026-11-21T10:00:00.000Z',
          finished_at: '2026-11-21T10:00:00.800Z',
          counts: { royalroad_id: 12345 },
          error: 'Royal Road has no fiction 12345.',
        }),
    });
    await screen.findByText('1,234');

    await user.type(
      screen.getByLabelText('Royal Road fiction link or id'),
      'https://www.royalroad.com/fiction/12345/some-title',
    );
    await user.click(screen.getByRole('button', { name: 'Scrape fiction' }));

    const status = await screen.findByRole('status', { name: 'Job 120' });
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/api/admin/manual-scrape/12345'),
    ).toBe(true);
    await waitFor(() => expect(within(status).getByTestId('job-status')).toHaveTextContent('Failed'), {
      timeout: 3000,
    });
    expect(within(status).getByText('Royal Road has no fiction 12345.')).toBeInTheDocument();
    expect(within(status).getByText('Royal Road id')).toBeInTheDocument();
    // An id is not an amount: no thousands separator.
    expect(within(status).getByText('12345')).toBeInTheDocument();
  });

  it('takes a bare id too', async () => {
    const done = jobRun({
      id: 121,
      job: 'fiction',
      trigger: 'manual',
      params: { royalroadId: 777 },
      counts: {},
    });
    const { user } = renderAdmin({
      'POST /api/admin/manual-scrape/777': () =>
        jsonResponse(202, { success: true, data: { jobId: 121, job: done } }),
    });
    await screen.findByText('1,234');

    await user.type(screen.getByLabelText('Royal Road fiction link or id'), ' 777 ');
    await user.click(screen.getByRole('button', { name: 'Scrape fiction' }));

    const status = await screen.findByRole('status', { name: 'Job 121' });
    expect(within(status).getByTestId('job-status')).toHaveTextContent('Succeeded');
    expect(screen.getByRole('link', { name: 'Open the fiction page →' })).toHaveAttribute(
      'href',
      '/fiction/777',
    );
  });
});

describe('Job history', () => {
  it('lists runs newest first with their columns, pages and filters by job', async () => {
    const runs = Array.from({ length: 10 }, (_, index) => jobRun({ id: 60 - index }));
    runs[1] = jobRun({
      id: 59,
      job: 'fiction',
      trigger: 'manual',
      status: 'failed',
      error: 'Royal Road is down.',
    });
    const { user, calls } = renderAdmin({
      [HISTORY]: () => jsonResponse(200, page(runs, 1, 25, 10)),
      'GET /api/admin/jobs?page=2&limit=10': () => jsonResponse(200, page([jobRun({ id: 50 })], 2, 25, 10)),
      'GET /api/admin/jobs?page=1&limit=10&job=rising-stars': () =>
        jsonResponse(200, page([jobRun({ id: 33 })], 1, 1, 10)),
    });

    const table = await screen.findByRole('table', { name: 'Job history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Job', 'Trigger', 'Status', 'Started', 'Duration', 'Result', 'Error']);
    const rows = within(table).getAllByTestId('job-row');
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getByText('#60')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('One fiction')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Admin')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByTestId('job-status')).toHaveTextContent('Failed');
    expect(within(rows[1] as HTMLElement).getByText('Royal Road is down.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('#50')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Rising Stars');
    expect(await screen.findByText('#33')).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe('/api/admin/jobs?page=1&limit=10&job=rising-stars');
    expect(screen.queryByText(/^Page \d/)).not.toBeInTheDocument();
  });

  it('says so when no job has run, and offers Retry when the history fails', async () => {
    let fail = true;
    const { user } = renderAdmin({
      [HISTORY]: () => (fail ? failure(500) : jsonResponse(200, page([], 1, 0, 10))),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again later.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No jobs have run yet.')).toBeInTheDocument();
  });
});

describe('Alert deliveries', () => {
  it('shows, per channel, what waits, what fails, what was sent and what was given up', async () => {
    renderAdmin({
      [DELIVERIES]: () =>
        ok([
          { channel: 'email', queued: 2, failed: 1, sent: 40, given_up: 0 },
          { channel: 'webhook', queued: 0, failed: 0, sent: 5, given_up: 3 },
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Alert deliveries by channel' });
    const email = within(table).getByRole('row', { name: /Alert emails/ });
    expect(
      within(email)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1', '40', '0']);
    const hooks = within(table).getByRole('row', { name: /Webhooks/ });
    expect(
      within(hooks)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '5', '3']);
  });

  it('says when nothing was delivered', async () => {
    renderAdmin();
    expect(
      await screen.findByText('No alert email or webhook call in the last 24 hours.'),
    ).toBeInTheDocument();
  });
});

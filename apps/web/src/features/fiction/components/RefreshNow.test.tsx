import type { JobRun, RefreshStatus } from '@rrc/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, jsonResponse, mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { RefreshNow } from './RefreshNow.tsx';

const STATUS = 'GET /api/fictions/555/refresh';
const REFRESH = 'POST /api/fictions/555/refresh';
const HOUR = 3_600_000;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function job(overrides: Partial<JobRun> = {}): JobRun {
  return {
    id: 90,
    job: 'fiction',
    trigger: 'refresh',
    status: 'queued',
    scheduled_for: null,
    params: { royalroadId: 555 },
    progress: { done: 0, total: null },
    counts: {},
    error: null,
    created_at: at(0),
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

function status(overrides: Partial<RefreshStatus> = {}): RefreshStatus {
  return {
    royalroad_id: 555,
    last_updated_at: at(-7 * HOUR),
    refreshable_at: null,
    refreshes: { used: 3, limit: 10, next_at: null },
    job: null,
    ...overrides,
  };
}

describe('Refresh now', () => {
  it('says when the fiction was last updated and how many refreshes are left, then follows a refresh to its end', async () => {
    const answers = [
      status(),
      status({ refreshes: { used: 4, limit: 10, next_at: null }, job: job() }),
      status({ refreshes: { used: 4, limit: 10, next_at: null }, job: job({ status: 'running' }) }),
      status({
        last_updated_at: at(0),
        refreshable_at: at(6 * HOUR),
        refreshes: { used: 4, limit: 10, next_at: null },
        job: job({ status: 'succeeded', progress: { done: 1, total: 1 } }),
      }),
    ];
    const calls = mockApi({
      [STATUS]: () => ok(answers.length > 1 ? answers.shift() : answers[0]),
      [REFRESH]: () => jsonResponse(202, { success: true, data: { jobId: 90, job: job() } }),
    });
    const { user } = renderWithProviders(<RefreshNow royalroadId={555} />);

    expect(
      await screen.findByText('Last updated 7 hours ago. 7 of 10 refreshes left today.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh now' }));

    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    expect(await screen.findByText('Waiting for its turn at Royal Road...')).toBeInTheDocument();
    expect(
      await screen.findByText('Reading the page from Royal Road...', {}, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Refresh progress' })).toHaveAttribute(
      'aria-valuenow',
      '66',
    );
    expect(
      await screen.findByText(
        'Refreshed just now: the numbers on this page are fresh.',
        {},
        { timeout: 3_000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Last updated (now|\d+ seconds? ago)\. You can refresh it again in 6 hours\.$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
    expect(calls.filter((call) => `${call.method} ${call.path}` === REFRESH)).toHaveLength(1);
  });

  it('keeps the button off while the data is less than 6 hours old', async () => {
    mockApi({
      [STATUS]: () => ok(status({ last_updated_at: at(-2 * HOUR), refreshable_at: at(4 * HOUR) })),
    });
    renderWithProviders(<RefreshNow royalroadId={555} />);
    expect(
      await screen.findByText('Last updated 2 hours ago. You can refresh it again in 4 hours.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
  });

  it('keeps the button off once the 10 refreshes of the day are used, and says when the next one comes', async () => {
    mockApi({
      [STATUS]: () =>
        ok(status({ last_updated_at: null, refreshes: { used: 10, limit: 10, next_at: at(5 * HOUR) } })),
    });
    renderWithProviders(<RefreshNow royalroadId={555} />);
    expect(
      await screen.findByText(
        'Not yet read from its own page on Royal Road. You have used your 10 refreshes for today; the next one in 5 hours.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
  });

  it("shows the server's answer when the refresh cannot start, and a failed refresh's reason", async () => {
    const answers = [
      status(),
      status({ job: job({ id: 91, status: 'failed', error: 'Royal Road answered 500' }) }),
    ];
    let refused = true;
    mockApi({
      [STATUS]: () => ok(answers.length > 1 ? answers.shift() : answers[0]),
      [REFRESH]: () =>
        refused
          ? failure(503, 'Royal Road is busy right now. Please try again in a minute.')
          : ok(job({ id: 91, status: 'failed', error: 'Royal Road answered 500' })),
    });
    const { user } = renderWithProviders(<RefreshNow royalroadId={555} />);
    await user.click(await screen.findByRole('button', { name: 'Refresh now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Royal Road is busy right now. Please try again in a minute.',
    );

    refused = false;
    await user.click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The refresh failed: Royal Road answered 500. It was not counted against your refreshes for today: try again later.',
      ),
    );
    // The count the server answers after the failure is the one shown: still 7 of 10.
    expect(screen.getByText(/7 of 10 refreshes left today\./)).toBeInTheDocument();
  });
});

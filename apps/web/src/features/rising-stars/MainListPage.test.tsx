import type { MainList, MainListEntry } from '@rrc/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { MainListPage } from './MainListPage.tsx';

const MAIN_LIST = 'GET /api/rising-stars-main';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = (position: number, overrides: Partial<MainListEntry> = {}): MainListEntry => ({
  position,
  fiction_id: position,
  royalroad_id: 1000 + position,
  title: `Fiction ${position}`,
  author_name: `Author ${position}`,
  image_url: null,
  highest_position: position,
  days_on_list: 3,
  movement: 'same',
  previous_position: position,
  changed_at: null,
  ...overrides,
});

const list: MainList = {
  captured_at: '2026-11-24T18:04:26.000Z',
  previous_captured_at: '2026-11-24T12:04:34.000Z',
  entries: [
    entry(1, { movement: 'new', previous_position: null }),
    entry(2, { movement: 'up', previous_position: 7 }),
    entry(3, { movement: 'down', previous_position: 2 }),
    entry(4),
  ],
};

describe('the Rising Stars main list', () => {
  it('holds the rows’ place with placeholder rows while it loads, then shows the list in their place', async () => {
    const reply = deferred<Response>();
    mockApi({ [MAIN_LIST]: () => reply.promise });
    renderWithProviders(<MainListPage />, { route: '/rising-stars-main' });

    const loading = screen.getByRole('status', { name: 'Loading the main list' });
    expect(within(loading).getAllByTestId('main-entry-placeholder').length).toBeGreaterThanOrEqual(10);
    // The line that will say when the list was captured is there already (kept empty), so nothing below moves.
    expect(screen.getByRole('heading', { name: 'Rising Stars — main list' }).nextElementSibling).toHaveClass(
      'min-h-10',
    );

    reply.resolve(ok(list));
    const rows = await screen.findAllByTestId('main-entry');
    expect(rows).toHaveLength(4);
    expect(screen.queryByTestId('main-entry-placeholder')).not.toBeInTheDocument();
    expect(screen.getByText(/Pacific time/).closest('p')).toHaveTextContent(/^Captured .* Pacific time$/);
    expect(rows[0]).toHaveTextContent('New');
    expect(rows[1]).toHaveTextContent(/Moved up from #7/);
    expect(rows[2]).toHaveTextContent(/Moved down from #2/);
    expect(rows[3]).toHaveTextContent('No change');
    expect(screen.getByRole('link', { name: 'Fiction 2' })).toHaveAttribute(
      'href',
      '/fiction/1002/fiction_2',
    );
  });

  it('flags an old capture with its date and counts movement from that capture, not from today', async () => {
    const capture = '2026-07-19T18:42:47.000Z';
    const daysBefore = (days: number) => new Date(Date.parse(capture) - days * 86_400_000).toISOString();
    mockApi({
      [MAIN_LIST]: () =>
        ok({
          captured_at: capture,
          previous_captured_at: daysBefore(0.25),
          entries: [
            entry(1, { movement: 'up', previous_position: 4, changed_at: capture }),
            entry(2, { movement: 'down', previous_position: 1, changed_at: daysBefore(2) }),
            entry(3, { changed_at: daysBefore(5) }),
            entry(4, { movement: 'new', previous_position: null, changed_at: capture }),
          ],
        } satisfies MainList),
    });
    renderWithProviders(<MainListPage />, { route: '/rising-stars-main' });

    const rows = await screen.findAllByTestId('main-entry');
    expect(screen.getByTestId('freshness')).toHaveTextContent(/^Latest capture Jul 19, 2026 — \d+ days ago$/);
    expect(rows[0]).toHaveTextContent(/Moved up from #4 at this capture/);
    expect(rows[1]).toHaveTextContent(/Moved down from #1, 2 days before this capture/);
    expect(rows[2]).toHaveTextContent(/No change for 5 days/);
    expect(rows[3]).toHaveTextContent(/New at this capture/);
    for (const row of rows) expect(row).not.toHaveTextContent(/ago/);
  });

  it('says when there is no capture yet', async () => {
    mockApi({ [MAIN_LIST]: () => ok({ captured_at: null, previous_captured_at: null, entries: [] }) });
    renderWithProviders(<MainListPage />, { route: '/rising-stars-main' });

    expect(await screen.findByText(/No Rising Stars capture yet/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says why the list failed to load, and Retry asks again', async () => {
    let calls = 0;
    mockApi({ [MAIN_LIST]: () => (++calls === 1 ? failure(502, 'The list is busy.') : ok(list)) });
    const { user } = renderWithProviders(<MainListPage />, { route: '/rising-stars-main' });

    expect(await screen.findByRole('alert')).toHaveTextContent('The list is busy.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('main-entry')).toHaveLength(4);
  });
});

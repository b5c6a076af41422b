import type { FictionCard, Mover, MoversResult } from '@rrc/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { MoversPage } from './MoversPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function card(id: number, title: string, overrides: Partial<FictionCard> = {}): FictionCard {
  return {
    id,
    royalroad_id: 1000 + id,
    title,
    author_name: 'An Author',
    image_url: null,
    status: 'ONGOING',
    type: 'Original',
    tags: ['Fantasy'],
    followers: 1144,
    pages: 300,
    overall_score: 4.5,
    gain7: 144,
    gain30: 400,
    sparkline: [],
    ...overrides,
  };
}

function mover(fiction: FictionCard, gain: number, gainPerDay: number): Mover {
  return {
    fiction,
    gain,
    gain_per_day: gainPerDay,
    from: 1000,
    to: 1000 + gain,
    from_at: '2026-07-12T10:00:00.000Z',
    to_at: '2026-07-19T10:00:00.000Z',
  };
}

function result(overrides: Partial<MoversResult> = {}): MoversResult {
  return {
    window: '7d',
    genre: null,
    as_of: '2026-07-19T10:00:00.000Z',
    items: [mover(card(1, 'Climber'), 144, 20.6), mover(card(2, 'Trickle', { gain7: 3 }), 3, 0.4)],
    rising_stars: {
      captured_at: '2026-07-19T10:00:00.000Z',
      previous_captured_at: '2026-07-18T10:00:00.000Z',
      entered: [{ ...card(3, 'Newcomer'), list: 'fantasy', position: 12 }],
      left: [{ ...card(4, 'Gone Quiet'), list: 'main', position: 48 }],
    },
    ...overrides,
  };
}

describe('Movers', () => {
  it('states each gain once, per day rounded to whole followers, with its start and end', async () => {
    mockApi({ 'GET /api/fictions/movers?window=7d&limit=20': () => ok(result()) });
    renderWithProviders(<MoversPage />, { route: '/movers' });
    const gains = await screen.findByRole('region', { name: 'Biggest gains over 7 days' });
    const climber = within(gains).getByRole('listitem', { name: '1. Climber' });
    expect(climber).toHaveTextContent('+144 followers in 7 days (about 21 a day): 1,000 → 1,144');
    // The gain is not repeated by the card's own 7- and 30-day line.
    expect(climber.textContent?.match(/\+144/g)).toHaveLength(1);
    expect(within(climber).queryByText(/^7 days:/)).toBeNull();
    expect(within(gains).getByRole('listitem', { name: '2. Trickle' })).toHaveTextContent(
      '+3 followers in 7 days (under 1 a day): 1,000 → 1,003',
    );
  });

  it('flags gains that end at an old snapshot with its date', async () => {
    mockApi({ 'GET /api/fictions/movers?window=7d&limit=20': () => ok(result()) });
    renderWithProviders(<MoversPage />, { route: '/movers' });
    expect(await screen.findByTestId('freshness')).toHaveTextContent(
      /^Latest snapshot Jul 19, 2026 — \d+ days ago$/,
    );
  });

  it('gives no per-day figure for a one-day window', async () => {
    mockApi({
      'GET /api/fictions/movers?window=1d&limit=20': () =>
        ok(result({ window: '1d', items: [mover(card(1, 'Climber'), 144, 142.5)] })),
    });
    renderWithProviders(<MoversPage />, { route: '/movers?window=1d' });
    const gains = await screen.findByRole('region', { name: 'Biggest gains over 1 day' });
    const climber = within(gains).getByRole('listitem', { name: '1. Climber' });
    expect(climber).toHaveTextContent('+144 followers in 1 day: 1,000 → 1,144');
    expect(climber).not.toHaveTextContent('142.5');
  });

  it('says which list and at what position a fiction entered or left', async () => {
    mockApi({ 'GET /api/fictions/movers?window=7d&limit=20': () => ok(result()) });
    renderWithProviders(<MoversPage />, { route: '/movers' });
    expect(await screen.findByRole('region', { name: 'New on Rising Stars' })).toHaveTextContent(
      'Entered the Fantasy list at #12',
    );
    expect(screen.getByRole('region', { name: 'Left Rising Stars' })).toHaveTextContent(
      'Left the main list at #48 (its place in the previous capture)',
    );
  });
});

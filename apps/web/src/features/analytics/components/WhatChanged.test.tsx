import type { FictionEvent } from '@rrc/contract';
import { describeEvent } from '@rrc/contract/rules';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WhatChanged } from './WhatChanged.tsx';

let ids = 0;
const event = (
  kind: FictionEvent['kind'],
  details: Record<string, unknown>,
  at = '2026-11-20T12:00:00.000Z',
) =>
  ({
    id: ++ids,
    kind,
    at,
    source: 'detected',
    details,
    effect: { reason: 'The week after it is not over yet in the snapshots: 0 of 7 days captured.' },
  }) satisfies FictionEvent;

describe('What changed', () => {
  it('says each kind of event in words', () => {
    expect(
      [
        event('chapter_released', { chapter_title: 'Chapter 99: The Return' }),
        event('rs_entered', { genre: 'main', position: 5 }),
        event('rs_entered', { genre: 'fantasy', position: 12 }),
        event('rs_left', { genre: 'main', last_position: 48 }),
        event('rs_best', { genre: 'main', position: 3, previous_best: 5 }),
        event('main_top10', { genre: 'main', position: 8 }),
        event('followers_milestone', { milestone: 1000, followers: 1012 }),
        event('release_gap', { since: '2026-11-10T00:00:00.000Z', days: 9.5, usual_days: 2 }),
        event('title_changed', { from: 'Old Name', to: 'New Name' }),
        event('cover_changed', { from: null, to: 'https://example.com/c.jpg' }),
        event('description_changed', {}),
        event('tags_changed', { added: ['LitRPG'], removed: ['Romance', 'Drama'] }),
        event('tags_changed', { added: [], removed: ['Drama'] }),
        event('status_changed', { from: 'ONGOING', to: 'HIATUS' }),
      ].map(describeEvent),
    ).toEqual([
      'New chapter: “Chapter 99: The Return”',
      'Entered the main Rising Stars list at #5',
      'Entered Rising Stars Fantasy at #12',
      'Left the main Rising Stars list (last at #48)',
      'New best on the main Rising Stars list: #3 (was #5)',
      'Into the top 10 of the main list at #8',
      'Passed 1,000 followers',
      'No new chapter for 9.5 days (usually one every 2 days)',
      'Title changed from “Old Name” to “New Name”',
      'New cover',
      'Description rewritten',
      'Tags added LitRPG; removed Romance, Drama',
      'Tags removed Drama',
      'Now on hiatus (was ongoing)',
    ]);
  });

  it('lists the newest first, eight at first, all on asking', async () => {
    const events = Array.from({ length: 10 }, (_, index) =>
      event(
        'followers_milestone',
        { milestone: (index + 1) * 100 },
        `2026-11-${String(index + 10)}T12:00:00.000Z`,
      ),
    );
    render(<WhatChanged events={events} />);
    const panel = screen.getByRole('region', { name: 'What changed' });
    const items = () => within(panel).getAllByRole('listitem');
    expect(items()).toHaveLength(8);
    expect(items()[0]).toHaveTextContent('Passed 1,000 followers');
    await userEvent.click(within(panel).getByRole('button', { name: 'Show all 10' }));
    expect(items()).toHaveLength(10);
    expect(items()[9]).toHaveTextContent('Passed 100 followers');
  });

  it('says what will show when nothing was seen yet', () => {
    render(<WhatChanged events={[]} />);
    expect(screen.getByRole('region', { name: 'What changed' })).toHaveTextContent(
      'Nothing seen changing yet',
    );
  });
});

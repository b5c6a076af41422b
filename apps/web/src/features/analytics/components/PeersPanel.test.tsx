import type { Peers } from '@rrc/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PeersPanel } from './PeersPanel.tsx';

const percentiles = (length: number | null, age: number | null): Peers['percentiles'] => ({
  followers: { length, age },
  views_per_follower: { length, age },
  favorites_per_follower: { length, age },
  ratings_per_follower: { length, age },
});

describe('How it compares', () => {
  it('with fewer than 20 peers says so once, in a sentence, with no table of empty cells', () => {
    render(
      <PeersPanel
        peers={{
          length_cohort: { size: 7, min: 120, max: 180 },
          age_cohort: { size: 2, min: 20, max: 30 },
          percentiles: percentiles(null, null),
        }}
      />,
    );
    const panel = screen.getByRole('region', { name: 'How it compares' });
    expect(panel).toHaveTextContent(
      'Only 7 tracked fictions of 120–180 pages, fewer than the 20 it takes to compare; it is compared once there are more.',
    );
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    expect(panel.textContent?.match(/fewer than/g)).toHaveLength(1);
  });

  it('gives the age column only when enough fictions of its age are tracked', () => {
    const { rerender } = render(
      <PeersPanel
        peers={{
          length_cohort: { size: 40, min: 120, max: 180 },
          age_cohort: { size: 5, min: 20, max: 30 },
          percentiles: percentiles(62, null),
        }}
      />,
    );
    const panel = screen.getByRole('region', { name: 'How it compares' });
    expect(
      within(panel)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Figure', 'Similar length (40)']);
    expect(within(panel).getByRole('row', { name: /^Followers/ })).toHaveTextContent('62nd percentile');
    expect(panel).toHaveTextContent('only 5 of them are of its age, too few to compare by age');

    rerender(
      <PeersPanel
        peers={{
          length_cohort: { size: 40, min: 120, max: 180 },
          age_cohort: { size: 25, min: 20, max: 30 },
          percentiles: percentiles(62, 41),
        }}
      />,
    );
    expect(within(panel).getByRole('columnheader', { name: 'and age (25)' })).toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: /^Followers/ })).toHaveTextContent('41st percentile');
  });

  it('without a known length says it has no peers', () => {
    render(
      <PeersPanel peers={{ length_cohort: null, age_cohort: null, percentiles: percentiles(null, null) }} />,
    );
    expect(screen.getByRole('region', { name: 'How it compares' })).toHaveTextContent(
      'Its length is not known yet, so it has no peers.',
    );
  });
});

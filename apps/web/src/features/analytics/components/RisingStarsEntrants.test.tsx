import type { RisingStarsContext } from '@rrc/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RisingStarsEntrants } from './RisingStarsEntrants.tsx';

const context: RisingStarsContext = {
  overall: {
    fictions: 58,
    followers: { median: 412, low: 250, high: 730, known: 8 },
    age_days: { median: 21, low: 12, high: 40, known: 58 },
  },
  genres: [
    {
      genre: 'fantasy',
      label: 'Fantasy',
      fictions: 3,
      followers: { median: null, low: null, high: null, known: 0 },
      age_days: { median: 9, low: 7, high: 15, known: 3 },
    },
  ],
};

describe('RisingStarsEntrants', () => {
  it('says over how many fictions a figure was taken when it is not known for every entrant', () => {
    render(<RisingStarsEntrants context={context} />);
    const rows = within(screen.getByRole('region', { name: 'Entering Rising Stars' })).getAllByRole('row');
    const all = rows[1] as HTMLElement;
    expect(within(all).getByRole('rowheader')).toHaveTextContent('All58 fictions');
    expect(all).toHaveTextContent('412 (middle half 250–730, of 8)');
    expect(all).toHaveTextContent('21 days (middle half 12–40)');
    expect(all).not.toHaveTextContent('40, of');
    const fantasy = rows[2] as HTMLElement;
    expect(fantasy).toHaveTextContent('Fantasy3 fictions');
    expect(fantasy).toHaveTextContent('not known');
    expect(fantasy).toHaveTextContent('9 days (middle half 7–15)');
  });

  it('says when no fiction has been seen entering the main list', () => {
    render(
      <RisingStarsEntrants
        context={{
          overall: {
            fictions: 0,
            followers: { median: null, low: null, high: null, known: 0 },
            age_days: { median: null, low: null, high: null, known: 0 },
          },
          genres: [],
        }}
      />,
    );
    expect(screen.getByText('No fiction has been seen entering the main list yet.')).toBeInTheDocument();
  });
});

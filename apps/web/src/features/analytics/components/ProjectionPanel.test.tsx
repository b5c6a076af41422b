import type { FollowersProjection } from '@rrc/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectionPanel } from './ProjectionPanel.tsx';

const projection = (overrides: Partial<Extract<FollowersProjection, { available: true }>> = {}) =>
  ({
    available: true,
    as_of: '2026-11-27T12:00:00.000Z',
    followers: 4_660,
    horizons: [
      { days: 7, low: 4_670, mid: 4_673, high: 4_675 },
      { days: 30, low: 4_703, mid: 4_715, high: 4_727 },
      { days: 90, low: 4_791, mid: 4_827, high: 4_863 },
    ],
    milestones: [
      {
        followers: 5_000,
        date: '2027-05-24T12:00:00.000Z',
        earliest: '2027-04-24T12:00:00.000Z',
        latest: '2027-07-09T12:00:00.000Z',
      },
      { followers: 10_000, date: null, earliest: null, latest: null },
    ],
    main_list: { position: 50, followers: 8_846, date: null, earliest: null, latest: null },
    ...overrides,
  }) satisfies FollowersProjection;

describe("Where it's heading", () => {
  it('shows each horizon with its gain and range, the milestones and the main list', () => {
    render(<ProjectionPanel projection={projection()} />);
    const panel = screen.getByRole('region', { name: "Where it's heading" });
    const horizons = within(panel).getAllByRole('definition');
    expect(horizons.map((horizon) => horizon.textContent)).toEqual([
      '4,673+134,670 – 4,675',
      '4,715+554,703 – 4,727',
      '4,827+1674,791 – 4,863',
    ]);
    expect(panel).toHaveTextContent('5K followers: around May 24, 2027 (Apr 24, 2027 – Jul 9, 2027)');
    expect(panel).toHaveTextContent('10K followers: not within a year at this pace');
    expect(panel).toHaveTextContent(
      "Main Rising Stars list: today's #50 has 8,846 followers: not within a year at this pace",
    );
    expect(panel).toHaveTextContent('From the capture of Nov 27, 2026.');
  });

  it('says when the main list is passed already, and leaves it out when the fiction is on it', () => {
    const { rerender } = render(
      <ProjectionPanel
        projection={projection({
          followers: 9_000,
          main_list: { position: 50, followers: 8_846, date: null, earliest: null, latest: null },
        })}
      />,
    );
    expect(screen.getByRole('region')).toHaveTextContent("already more followers than today's #50 (8,846)");
    rerender(<ProjectionPanel projection={projection({ main_list: null })} />);
    expect(screen.getByRole('region')).not.toHaveTextContent('Main Rising Stars list');
  });

  it('gives the reason when there is too little history', () => {
    render(
      <ProjectionPanel
        projection={{
          available: false,
          reason: 'A projection needs 14 days of history; this fiction has 3 days.',
        }}
      />,
    );
    expect(screen.getByRole('region', { name: "Where it's heading" })).toHaveTextContent(
      'A projection needs 14 days of history; this fiction has 3 days.',
    );
    expect(screen.queryByRole('definition')).not.toBeInTheDocument();
  });
});

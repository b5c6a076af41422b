import type { CompareSeries } from '@rrc/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompareMilestones } from './CompareMilestones.tsx';

const specs = [
  { key: '1', label: 'Young', color: '#4f46e5' },
  { key: '2', label: 'Older', color: '#f59e0b' },
];
const noMarks = (days: number[]) =>
  days.map((day) => ({ day, followers: null, total_views: null, pages: null }));

function fiction(id: number, overrides: Partial<CompareSeries>): CompareSeries {
  return {
    royalroad_id: id,
    title: `Fiction ${id}`,
    first_chapter_at: '2026-06-25T00:00:00.000Z',
    points: [],
    milestones: noMarks([7, 14, 30, 60, 90]),
    ...overrides,
  };
}

const point = (capturedAt: string, followers: number, views: number, pages: number) => ({
  day: 0,
  captured_at: capturedAt,
  followers,
  total_views: views,
  pages,
});

describe('CompareMilestones', () => {
  it('shows the latest figures, exact, when no fiction reached a mark (not a wall of dashes)', () => {
    render(
      <CompareMilestones
        specs={specs}
        series={[
          fiction(1, {
            title: 'Young',
            points: [
              point('2026-07-14T12:00:00.000Z', 900, 10_000, 100),
              point('2026-07-21T12:00:00.000Z', 963, 12_480, 120),
            ],
          }),
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Days after the first chapter' });
    expect(section).toHaveTextContent(
      'None of these fictions was captured 7, 14, 30, 60 or 90 days after its first chapter.',
    );
    const followers = within(section).getByRole('table', { name: 'Followers' });
    expect(
      within(followers)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fiction', 'Latest']);
    expect(within(followers).getByRole('row', { name: /Young/ })).toHaveTextContent('963day 26');
    const views = within(section).getByRole('table', { name: 'Views' });
    expect(views).toHaveTextContent((12_480).toLocaleString());
    expect(section).not.toHaveTextContent('12.5K');
    expect(section).not.toHaveTextContent('–');
  });

  it('keeps the marks some fiction has, with exact numbers and a dash for the others', () => {
    render(
      <CompareMilestones
        specs={specs}
        series={[
          fiction(1, { title: 'Young', points: [point('2026-07-10T00:00:00.000Z', 40, 500, 20)] }),
          fiction(2, {
            title: 'Older',
            first_chapter_at: null,
            milestones: [
              { day: 7, followers: 1_234, total_views: 25_000, pages: 88 },
              { day: 14, followers: 2_500, total_views: 41_000, pages: 120 },
              ...noMarks([30, 60, 90]),
            ],
            points: [point('2026-07-10T00:00:00.000Z', 3_000, 50_000, 150)],
          }),
        ]}
      />,
    );
    const followers = screen.getByRole('table', { name: 'Followers' });
    expect(
      within(followers)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fiction', 'Day 7', 'Day 14', 'Latest']);
    expect(within(followers).getByRole('row', { name: /Older/ })).toHaveTextContent(
      `${(1_234).toLocaleString()}${(2_500).toLocaleString()}${(3_000).toLocaleString()}`,
    );
    expect(within(followers).getByRole('row', { name: /Young/ })).toHaveTextContent('––40day 15');
    expect(screen.getByTestId('milestones-note')).toHaveTextContent(
      'No fiction was captured on day 30, 60 or 90.',
    );
  });
});

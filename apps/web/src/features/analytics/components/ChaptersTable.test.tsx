import type { ChapterGrowth } from '@rrc/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChaptersTable, gapInDays } from './ChaptersTable.tsx';

const chapter = (id: number, gapHours: number | null, gained: number | null): ChapterGrowth => ({
  royalroad_chapter_id: id,
  title: `Chapter ${id}`,
  published_at: `2026-07-${String(10 + id).padStart(2, '0')}T12:00:00.000Z`,
  gap_hours: gapHours,
  followers_gained: gained,
});

describe('Chapters table', () => {
  it('gives every gap in days, never hours beside days', () => {
    render(<ChaptersTable chapters={[chapter(1, null, 3), chapter(2, 47.9, 12), chapter(3, 72, null)]} />);
    const table = screen.getByRole('table', { name: 'Chapters table' });
    expect(within(table).getByRole('columnheader', { name: 'Gap (days)' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['3.0', '2.0', '–']);
    expect(table).not.toHaveTextContent(/\d h\b/);
    expect(rows[0]).toHaveTextContent('not enough data');
    expect(rows[1]).toHaveTextContent('+12');
  });

  it('formats gaps with one decimal in days', () => {
    expect(gapInDays(12)).toBe('0.5');
    expect(gapInDays(null)).toBe('–');
  });
});

import type { SnapshotPoint } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { thinHistory } from './thin-history.ts';

const point = (captured_at: string, followers: number): SnapshotPoint => ({
  captured_at,
  followers,
  favorites: null,
  ratings: null,
  pages: null,
  total_views: null,
  average_views: null,
  chapter_count: null,
  overall_score: null,
  style_score: null,
  story_score: null,
  grammar_score: null,
  character_score: null,
});

describe('history downsampling', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('keeps one point a day (the last) before the last 90 days, and every point after', () => {
    const points = [
      point('2026-01-05T01:00:00.000Z', 1),
      point('2026-01-05T07:00:00.000Z', 2),
      point('2026-01-05T19:00:00.000Z', 3),
      point('2026-01-06T01:00:00.000Z', 4),
      point('2026-11-20T01:00:00.000Z', 5),
      point('2026-11-20T07:00:00.000Z', 6),
    ];
    expect(thinHistory(points, now).map((p) => p.followers)).toEqual([3, 4, 5, 6]);
  });

  it('leaves a daily history of a year untouched', () => {
    const daily = Array.from({ length: 365 }, (_, i) =>
      point(new Date(Date.UTC(2025, 10, 22 + i, 8)).toISOString(), i),
    );
    expect(thinHistory(daily, now)).toHaveLength(365);
  });

  it('keeps one point a week (the last, Monday to Sunday UTC) before the last year', () => {
    const points = [
      // Mon 2024-11-04, Sun 2024-11-10 (same week), Mon 2024-11-11 (the next).
      point('2024-11-04T08:00:00.000Z', 1),
      point('2024-11-10T23:00:00.000Z', 2),
      point('2024-11-11T08:00:00.000Z', 3),
      point('2024-11-13T08:00:00.000Z', 4),
      // The daily year: two points of one day become one.
      point('2025-11-25T08:00:00.000Z', 5),
      point('2025-11-25T20:00:00.000Z', 6),
      point('2025-11-26T08:00:00.000Z', 7),
    ];
    expect(thinHistory(points, now).map((p) => p.followers)).toEqual([2, 4, 6, 7]);
  });

  it('gives three years of daily snapshots about 90 + 275 + 104 points', () => {
    const daily = Array.from({ length: 3 * 365 }, (_, i) =>
      point(new Date(Date.UTC(2023, 10, 23 + i, 8)).toISOString(), i),
    );
    const kept = thinHistory(daily, now);
    expect(kept.length).toBeGreaterThanOrEqual(365 + 104);
    expect(kept.length).toBeLessThanOrEqual(365 + 106);
    expect(kept.at(-1)?.followers).toBe(3 * 365 - 1);
  });
});

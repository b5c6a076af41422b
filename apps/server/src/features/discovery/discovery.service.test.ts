import { describe, expect, it } from 'vitest';
import { computeGains, foldText, gainRanges, queryWords, sparklineOf } from './discovery.service.ts';

const END = '2026-07-22T07:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.parse(END) - days * DAY).toISOString();

describe('query words', () => {
  it('folds accents and case and keeps letters and digits', () => {
    expect(foldText('Élan ÖMER')).toBe('elan omer');
    expect(queryWords('  Sci-fi, "Élan" 100% ')).toEqual(['sci', 'fi', 'elan', '100']);
    expect(queryWords('%_')).toEqual([]);
  });
});

describe('gains', () => {
  it('measures from the latest snapshot in the day before each window start to the one before its end', () => {
    const rows = computeGains(
      [
        { fiction_id: 1, captured_at: at(30.5), followers: 10 },
        { fiction_id: 1, captured_at: at(30.2), followers: 12 },
        { fiction_id: 1, captured_at: at(7), followers: 50 },
        { fiction_id: 1, captured_at: at(1.5), followers: 90 },
        { fiction_id: 1, captured_at: at(0.5), followers: 100 },
        // No snapshot in the last day: left out entirely.
        { fiction_id: 2, captured_at: at(7), followers: 5 },
        { fiction_id: 2, captured_at: at(1.1), followers: 9 },
      ],
      END,
    );
    expect(rows).toEqual([
      {
        fiction_id: 1,
        to_at: at(0.5),
        to_followers: 100,
        from1_at: at(1.5),
        from1_followers: 90,
        gain1: 10,
        from7_at: at(7),
        from7_followers: 50,
        gain7: 50,
        from30_at: at(30.2),
        from30_followers: 12,
        gain30: 88,
      },
    ]);
  });

  it('reads only the days around each window end', () => {
    expect(gainRanges(END)).toEqual([
      { after: at(1), until: END },
      { after: at(2), until: at(1) },
      { after: at(8), until: at(7) },
      { after: at(31), until: at(30) },
    ]);
  });

  it('keeps each day’s last count over the last 30 days for the sparkline', () => {
    expect(
      sparklineOf(
        [
          { captured_at: at(29.9), followers: 1 },
          { captured_at: at(29.8), followers: 2 },
          { captured_at: at(3), followers: 7 },
          { captured_at: at(0), followers: 9 },
        ],
        END,
      ),
    ).toEqual([2, 7, 9]);
  });
});

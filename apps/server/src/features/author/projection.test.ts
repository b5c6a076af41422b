import { describe, expect, it } from 'vitest';
import { type FollowerPoint, projectFollowers } from './projection.ts';

const DAY = 86_400_000;
const START = Date.parse('2026-10-01T06:00:00.000Z');
/** A snapshot a day for `days` days, followers given by `followers(day)`. */
const history = (days: number, followers: (day: number) => number): FollowerPoint[] =>
  Array.from({ length: days }, (_, day) => ({
    at: new Date(START + day * DAY).toISOString(),
    followers: Math.round(followers(day)),
  }));

describe('projectFollowers', () => {
  it('answers nothing with less than two weeks of history', () => {
    expect(
      projectFollowers(
        history(14, (day) => 100 + day * 10),
        [7],
      ),
    ).toEqual([]);
    expect(projectFollowers([], [7])).toEqual([]);
    expect(
      projectFollowers(
        history(15, (day) => 100 + day * 10),
        [7],
      ),
    ).toHaveLength(1);
  });

  it('carries a steady pace on exactly, with intervals that widen with the horizon', () => {
    const steady = history(40, (day) => 1_000 + day * 50);
    const [week, month, quarter] = projectFollowers(steady, [7, 30, 90]);
    expect(week).toMatchObject({ days: 7, mid: 2_950 + 350 });
    expect(month?.mid).toBe(2_950 + 1_500);
    expect(quarter?.mid).toBe(2_950 + 4_500);
    for (const horizon of [week, month, quarter]) {
      expect(horizon?.low).toBeLessThanOrEqual(horizon?.mid ?? Number.NaN);
      expect(horizon?.mid).toBeLessThanOrEqual(horizon?.high ?? Number.NaN);
    }
    const width = (horizon: typeof week) => (horizon?.high ?? 0) - (horizon?.low ?? 0);
    expect(width(week)).toBeGreaterThan(0);
    expect(width(month)).toBeGreaterThan(width(week));
    expect(width(quarter)).toBeGreaterThan(width(month));
  });

  it('expects a slowing pace to slow further, and a quickening one to quicken, within bounds', () => {
    // 80 a day for two weeks, then 40 a day: the pace halved.
    const slowing = history(29, (day) => (day <= 14 ? day * 80 : 14 * 80 + (day - 14) * 40));
    const [slow] = projectFollowers(slowing, [30]);
    const last = 14 * 80 + 14 * 40;
    expect(slow?.mid).toBeLessThan(last + 30 * 40);
    expect(slow?.mid).toBeGreaterThan(last);
    const quickening = history(29, (day) => (day <= 14 ? day * 20 : 14 * 20 + (day - 14) * 40));
    const [quick] = projectFollowers(quickening, [30]);
    const quickLast = 14 * 20 + 14 * 40;
    expect(quick?.mid).toBeGreaterThan(quickLast + 30 * 40);
    // Never more than 1 % faster a day.
    expect(quick?.mid).toBeLessThanOrEqual(quickLast + 40 * 30 * 1.01 ** 30);
  });

  it('keeps a fiction that gains nobody where it is', () => {
    const [flat] = projectFollowers(
      history(30, () => 523),
      [30],
    );
    expect(flat).toEqual({ days: 30, low: 523, mid: 523, high: 523 });
  });

  it('reads one point a day (the newest of each), in any order, and skips what is not a number', () => {
    const points = history(20, (day) => day * 10);
    const noisy: FollowerPoint[] = [
      ...points.map((point) => ({
        ...point,
        at: new Date(Date.parse(point.at) - 3_600_000).toISOString(),
        followers: 0,
      })),
      ...points,
      { at: 'not a time', followers: 5 },
      { at: points[3]?.at ?? '', followers: Number.NaN },
    ].reverse();
    expect(projectFollowers(noisy, [7])).toEqual(projectFollowers(points, [7]));
  });

  it('never projects below zero followers', () => {
    const falling = history(20, (day) => Math.max(0, 300 - day * 20));
    for (const horizon of projectFollowers(falling, [7, 30, 90]))
      expect(horizon.low).toBeGreaterThanOrEqual(0);
  });
});

import { describe, expect, it } from 'vitest';
import { eventEffect } from './effect.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-07-01T12:00:00.000Z');
/** One snapshot a day for `days` days, followers from `followers(day)`. */
const daily = (days: number, followers: (day: number) => number) =>
  Array.from({ length: days }, (_, day) => ({
    at: new Date(START + day * DAY_MS).toISOString(),
    followers: followers(day),
  }));
const dayAt = (day: number) => new Date(START + day * DAY_MS).toISOString();

describe('eventEffect', () => {
  it('counts a steady fiction as doing what its trend said: no excess, the gain inside the range', () => {
    const effect = eventEffect(
      daily(30, (day) => 100 + 10 * day + (day % 2)),
      dayAt(20),
    );
    if (!('gained' in effect)) throw new Error(effect.reason);
    expect(effect.base).toBe(300);
    expect(effect.gained).toBe(71);
    expect(effect.expected).toBeCloseTo(70, 0);
    expect(Math.abs(effect.excess)).toBeLessThan(2);
    expect(effect.low).toBeLessThanOrEqual(effect.gained);
    expect(effect.high).toBeGreaterThanOrEqual(effect.gained);
  });

  it('shows a shoutout that added 20 a day for a week as an excess of about 140, above the range', () => {
    const effect = eventEffect(
      daily(30, (day) => 100 + 10 * day + (day > 20 ? 20 * Math.min(day - 20, 7) : 0)),
      dayAt(20),
    );
    if (!('gained' in effect)) throw new Error(effect.reason);
    expect(effect.gained).toBe(210);
    expect(effect.excess).toBeCloseTo(140, 0);
    expect(effect.high).toBeLessThan(effect.gained);
  });

  it('answers a reason when there is too little before, or the week after is not over', () => {
    expect(
      eventEffect(
        daily(30, (day) => day),
        dayAt(3),
      ),
    ).toEqual({
      reason: expect.stringMatching(/^Too few snapshots before it: 4 in the 14 days before/),
    });
    expect(
      eventEffect(
        daily(25, (day) => day),
        dayAt(20),
      ),
    ).toEqual({
      reason: 'The week after it is not over yet in the snapshots: 4 of 7 days captured.',
    });
    expect(eventEffect([], dayAt(0))).toHaveProperty('reason');
  });
});

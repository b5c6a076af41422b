import { describe, expect, it } from 'vitest';
import { cohortBounds, entrantsSummary, type PeerFiction, peerPercentiles, percentile } from './peers.ts';

const peer = (fields: Partial<PeerFiction>): PeerFiction => ({
  pages: 100,
  followers: null,
  total_views: null,
  favorites: null,
  ratings: null,
  first_chapter_at: null,
  ...fields,
});

describe('peers', () => {
  it('places a value among at least 20 others, ties counted half', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(percentile(10.5, twenty)).toBe(50);
    expect(percentile(10, twenty)).toBe(48);
    expect(percentile(100, twenty)).toBe(100);
    expect(percentile(10, twenty.slice(1))).toBeNull();
    expect(percentile(null, twenty)).toBeNull();
    // Unknown figures of others do not count towards the 20.
    expect(percentile(10, [...twenty.slice(1), null])).toBeNull();
  });

  it('builds the length cohort from ±20 % of pages and the age cohort from ±20 % of days', () => {
    expect(cohortBounds(250)).toEqual({ min: 200, max: 300 });
    const now = new Date('2026-07-01T00:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const others = Array.from({ length: 30 }, (_, index) =>
      peer({
        followers: (index + 1) * 10,
        total_views: (index + 1) * 1000,
        favorites: 5,
        ratings: 2,
        first_chapter_at: daysAgo(index < 22 ? 100 : 300),
      }),
    );
    const fiction = peer({
      followers: 155,
      total_views: 100_000,
      favorites: 5,
      ratings: null,
      first_chapter_at: daysAgo(100),
    });
    const result = peerPercentiles(fiction, others, now);
    expect(result.length_cohort).toEqual({ size: 30, min: 80, max: 120 });
    expect(result.age_cohort).toEqual({ size: 22, min: 80, max: 120 });
    // 15 of 30 have fewer followers; 15 of the 22 as old.
    expect(result.percentiles.followers).toEqual({ length: 50, age: 68 });
    expect(result.percentiles.views_per_follower).toEqual({ length: 100, age: 100 });
    expect(result.percentiles.ratings_per_follower).toEqual({ length: null, age: null });
  });

  it('has no cohorts for a fiction of unknown length or age', () => {
    const result = peerPercentiles(peer({ pages: null, followers: 5 }), [], new Date());
    expect(result.length_cohort).toBeNull();
    expect(result.age_cohort).toBeNull();
    expect(result.percentiles.followers).toEqual({ length: null, age: null });
  });

  it('summarises Rising Stars entrants with the median and the middle half', () => {
    expect(
      entrantsSummary([
        { followers: 10, age_days: 5 },
        { followers: 40, age_days: null },
        { followers: 20, age_days: 15 },
        { followers: 30, age_days: 10 },
      ]),
    ).toEqual({
      fictions: 4,
      followers: { median: 25, low: 17.5, high: 32.5, known: 4 },
      age_days: { median: 10, low: 7.5, high: 12.5, known: 3 },
    });
    expect(entrantsSummary([])).toEqual({
      fictions: 0,
      followers: { median: null, low: null, high: null, known: 0 },
      age_days: { median: null, low: null, high: null, known: 0 },
    });
  });
});

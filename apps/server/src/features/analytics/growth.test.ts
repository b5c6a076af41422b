import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { DailyGrowth } from '@rrc/contract';
import { SAMPLE_FILES } from '@rrc/demo-data/sample';
import { describe, expect, it } from 'vitest';
import {
  cadence,
  chapterGrowth,
  dailyGrowth,
  type GrowthSnapshot,
  type ReleasedChapter,
  weeklyBeyondAYear,
} from './growth.ts';

const snapshot = (
  captured_at: string,
  followers: number | null,
  total_views: number | null,
  favorites: number | null,
  ratings: number | null,
): GrowthSnapshot => ({ captured_at, followers, total_views, favorites, ratings });

// Two snapshots on the first day, a half-day span, a five-day gap, a 30-hour span and missing figures.
const HISTORY = [
  snapshot('2026-03-01T00:00:00.000Z', 100, 1000, 10, 5),
  snapshot('2026-03-01T12:00:00.000Z', 104, 1000, 10, 5),
  snapshot('2026-03-02T12:00:00.000Z', 110, 1300, 12, null),
  snapshot('2026-03-03T00:00:00.000Z', 113, 1400, 12, 6),
  snapshot('2026-03-08T00:00:00.000Z', 150, 2000, 15, 7),
  snapshot('2026-03-09T06:00:00.000Z', 180, null, 20, 8),
];

const chapter = (id: number, published_at: string): ReleasedChapter => ({
  royalroad_chapter_id: id,
  title: `Chapter ${id}`,
  published_at,
});

const CHAPTERS = [
  chapter(1, '2026-02-27T00:00:00.000Z'),
  chapter(2, '2026-03-01T06:00:00.000Z'),
  chapter(3, '2026-03-01T10:00:00.000Z'),
  chapter(4, '2026-03-02T18:00:00.000Z'),
  chapter(5, '2026-03-08T12:00:00.000Z'),
];

describe('growth per day', () => {
  it('scales the gains since the last snapshot of the day before to 24 hours, leaving gaps of more than 3 days empty', () => {
    expect(dailyGrowth(HISTORY)).toEqual([
      {
        date: '2026-03-01',
        followers: 104,
        followers_gained: null,
        views_gained: null,
        favorites_gained: null,
        ratings_gained: null,
        views_per_follower: 9.62,
        favorites_per_follower: 0.1,
      },
      {
        date: '2026-03-02',
        followers: 110,
        followers_gained: 6,
        views_gained: 300,
        favorites_gained: 2,
        ratings_gained: null,
        views_per_follower: 11.82,
        favorites_per_follower: 0.11,
      },
      {
        date: '2026-03-03',
        followers: 113,
        followers_gained: 6,
        views_gained: 200,
        favorites_gained: 0,
        ratings_gained: null,
        views_per_follower: 12.39,
        favorites_per_follower: 0.11,
      },
      {
        date: '2026-03-08',
        followers: 150,
        followers_gained: null,
        views_gained: null,
        favorites_gained: null,
        ratings_gained: null,
        views_per_follower: 13.33,
        favorites_per_follower: 0.1,
      },
      {
        date: '2026-03-09',
        followers: 180,
        followers_gained: 24,
        views_gained: null,
        favorites_gained: 4,
        ratings_gained: 0.8,
        views_per_follower: null,
        favorites_per_follower: 0.11,
      },
    ]);
  });

  it('has nothing to say without snapshots, and no ratio without followers', () => {
    expect(dailyGrowth([])).toEqual([]);
    expect(dailyGrowth([snapshot('2026-03-01T00:00:00.000Z', 0, 10, 1, null)])[0]).toMatchObject({
      views_per_follower: null,
      favorites_per_follower: null,
    });
  });
});

describe('growth per day over years', () => {
  const day = (date: string, followers: number, gained: number | null): DailyGrowth => ({
    date,
    followers,
    followers_gained: gained,
    views_gained: gained === null ? null : gained * 10,
    favorites_gained: null,
    ratings_gained: gained === null ? null : 1,
    views_per_follower: followers / 10,
    favorites_per_follower: null,
  });
  // A year before this is 2026-06-01.
  const now = new Date('2027-06-01T12:00:00.000Z');

  it('keeps every day of the last year and one point a week before, its gains averaged over its days', () => {
    const days = [
      day('2026-03-02', 100, 10), // Monday
      day('2026-03-04', 120, null),
      day('2026-03-08', 150, 20), // Sunday: the same week
      day('2026-03-10', 160, null), // a week with no gain at all
      day('2026-05-31', 400, 4), // Sunday, the last week before the year
      day('2026-06-01', 410, 10), // within the year: kept as it is
      day('2026-06-02', 430, 20),
    ];
    expect(weeklyBeyondAYear(days, now)).toEqual([
      day('2026-03-08', 150, 15),
      day('2026-03-10', 160, null),
      day('2026-05-31', 400, 4),
      day('2026-06-01', 410, 10),
      day('2026-06-02', 430, 20),
    ]);
  });

  it('changes nothing within a year', () => {
    const days = [day('2026-06-01', 410, 10), day('2026-06-02', 430, null)];
    expect(weeklyBeyondAYear(days, now)).toEqual(days);
    expect(weeklyBeyondAYear([], now)).toEqual([]);
  });

  it('keeps three years of days to about a year of days and two years of weeks', () => {
    const start = Date.parse('2024-06-02T00:00:00.000Z');
    const days = Array.from({ length: 3 * 365 }, (_, index) =>
      day(new Date(start + index * 86_400_000).toISOString().slice(0, 10), index, 1),
    );
    const thinned = weeklyBeyondAYear(days, now);
    expect(thinned.length).toBeGreaterThan(365 + 2 * 52 - 2);
    expect(thinned.length).toBeLessThan(365 + 2 * 52 + 3);
    expect(thinned.map((point) => point.date)).toEqual([...thinned.map((point) => point.date)].sort());
  });
});

describe('growth per chapter and cadence', () => {
  it('measures followers between the snapshots before each release, null when none separates them', () => {
    expect(
      chapterGrowth(CHAPTERS, HISTORY).map(({ royalroad_chapter_id, gap_hours, followers_gained }) => ({
        id: royalroad_chapter_id,
        gap_hours,
        followers_gained,
      })),
    ).toEqual([
      // Released before the first snapshot.
      { id: 1, gap_hours: null, followers_gained: null },
      // The next chapter came before another snapshot.
      { id: 2, gap_hours: 54, followers_gained: null },
      { id: 3, gap_hours: 4, followers_gained: 10 },
      { id: 4, gap_hours: 32, followers_gained: 40 },
      // The latest: until the newest snapshot.
      { id: 5, gap_hours: 138, followers_gained: 30 },
    ]);
  });

  it('counts chapters per week over 4 weeks, the median gap and the release-day lift with its days', () => {
    const daily = dailyGrowth(HISTORY);
    const chapters = chapterGrowth(CHAPTERS, HISTORY);
    expect(
      cadence({ allChapters: CHAPTERS, chapters, daily, until: new Date('2026-03-10T00:00:00Z') }),
    ).toEqual({
      chapters_per_week: 1.25,
      median_gap_hours: 43,
      // 6 followers on the one release day with a gain (Mar 2) against 6 and 24 on the others.
      release_day_lift: -9,
      followers_per_release_day: 6,
      followers_per_other_day: 15,
      days_with_release: 1,
      days_without_release: 2,
    });
    // Four weeks later only one chapter is within the last 28 days... and then none.
    expect(
      cadence({ allChapters: CHAPTERS, chapters, daily, until: new Date('2026-04-02T00:00:00Z') })
        .chapters_per_week,
    ).toBe(0.25);
    expect(
      cadence({ allChapters: CHAPTERS, chapters, daily, until: new Date('2026-06-01T00:00:00Z') })
        .chapters_per_week,
    ).toBe(0);
  });

  it('says nothing it does not know: no chapters, no gaps, no days on one side', () => {
    expect(
      cadence({
        allChapters: [],
        chapters: [],
        daily: dailyGrowth(HISTORY),
        until: new Date('2026-03-10T00:00:00Z'),
      }),
    ).toEqual({
      chapters_per_week: null,
      median_gap_hours: null,
      release_day_lift: null,
      followers_per_release_day: null,
      followers_per_other_day: 12,
      days_with_release: 0,
      days_without_release: 3,
    });
  });
});

interface SampleFiction {
  royalroad_id: number;
  history: Array<{
    t: string;
    followers: number | null;
    total_views: number | null;
    favorites: number | null;
    ratings: number | null;
  }>;
  chapters: Array<{ id: number; title: string; published: string | null }>;
}

/** "The Bound Before" as the July 2026 sample has it (19 snapshots, 17 chapters released meanwhile). */
function sampleFiction(royalroadId: number) {
  const lines = gunzipSync(readFileSync(SAMPLE_FILES.fictions)).toString('utf8').split('\n');
  const fiction = lines
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as SampleFiction)
    .find((item) => item.royalroad_id === royalroadId);
  if (!fiction) throw new Error(`${royalroadId} is not in the sample`);
  const snapshots = fiction.history
    .map((point) => ({
      captured_at: new Date(point.t).toISOString(),
      followers: point.followers,
      total_views: point.total_views,
      favorites: point.favorites,
      ratings: point.ratings,
    }))
    .sort((a, b) => a.captured_at.localeCompare(b.captured_at));
  const chapters = fiction.chapters.flatMap((item) =>
    item.published
      ? [
          {
            royalroad_chapter_id: item.id,
            title: item.title,
            published_at: new Date(item.published).toISOString(),
          },
        ]
      : [],
  );
  return { snapshots, chapters };
}

describe('growth of a real fiction (the July 2026 sample)', () => {
  const { snapshots, chapters } = sampleFiction(170001);

  it('computes its daily gains', () => {
    expect(
      dailyGrowth(snapshots).map((day) => [day.date, day.followers, day.followers_gained, day.views_gained]),
    ).toEqual(REAL_DAILY);
  });

  it('computes its last chapters, cadence and lift', () => {
    const daily = dailyGrowth(snapshots);
    const growth = chapterGrowth(chapters, snapshots);
    expect(
      growth.slice(-6).map((item) => [item.royalroad_chapter_id, item.gap_hours, item.followers_gained]),
    ).toEqual(REAL_CHAPTERS);
    expect(
      cadence({ allChapters: chapters, chapters: growth, daily, until: new Date('2026-07-22T08:00:00Z') }),
    ).toEqual(REAL_CADENCE);
  });
});

// [date, followers, followers gained, views gained]; checked by hand against the sample.
const REAL_DAILY = [
  ['2026-07-14', 195, null, null],
  ['2026-07-15', 201, 6.28, 1277.68],
  // No snapshot on the 16th: a two-day span, scaled down.
  ['2026-07-17', 227, 12.65, 1284.32],
  ['2026-07-18', 241, 15.3, 1184.9],
  ['2026-07-19', 269, 26.85, 3316.92],
  ['2026-07-20', 295, 28.01, 4582.49],
  ['2026-07-21', 322, 30.61, 3685.45],
  ['2026-07-22', 338, 28.06, 4618.83],
];
// [chapter id, hours since the one before, followers gained until the next]
const REAL_CHAPTERS = [
  [3699810, 16, null],
  [3700864, 8, 26],
  [3705093, 18, null],
  [3705569, 4.7, null],
  [3705738, 1.3, 27],
  [3708903, 16, 16],
];
// 44 chapters in the 28 days before; every day with a gain but the 18th saw a release.
const REAL_CADENCE = {
  chapters_per_week: 11,
  median_gap_hours: 24,
  release_day_lift: 6.78,
  followers_per_release_day: 22.08,
  followers_per_other_day: 15.3,
  days_with_release: 6,
  days_without_release: 1,
};

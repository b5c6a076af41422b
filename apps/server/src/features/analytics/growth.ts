import {
  type Cadence,
  type ChapterGrowth,
  DAILY_RESOLUTION_DAYS,
  type DailyGrowth,
  MAX_GROWTH_GAP_DAYS,
} from '@rrc/contract';
import { weekOf } from '../../lib/thin-history.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface GrowthSnapshot {
  captured_at: string;
  followers: number | null;
  favorites: number | null;
  ratings: number | null;
  total_views: number | null;
}

export interface ReleasedChapter {
  royalroad_chapter_id: number;
  title: string;
  published_at: string;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  // `+ 0` turns -0 into 0.
  return Math.round(value * factor) / factor + 0;
};

const ratio = (part: number | null, whole: number | null) =>
  part === null || whole === null || whole === 0 ? null : round(part / whole, 2);

/** The last snapshot of each UTC day, oldest first (snapshots come oldest first). */
function dayEnds<T extends { captured_at: string }>(snapshots: readonly T[]): T[] {
  const ends: T[] = [];
  for (const snapshot of snapshots) {
    const last = ends.at(-1);
    if (last && last.captured_at.slice(0, 10) === snapshot.captured_at.slice(0, 10))
      ends[ends.length - 1] = snapshot;
    else ends.push(snapshot);
  }
  return ends;
}

/**
 * Growth per day: for every UTC day with a snapshot, what was gained since the last snapshot of the day
 * before it that has one, scaled to 24 hours. Across more than MAX_GROWTH_GAP_DAYS without a snapshot
 * nothing is computed (the gains are null: a gap, never filled); a figure missing on either side is null.
 */
export function dailyGrowth(snapshots: readonly GrowthSnapshot[]): DailyGrowth[] {
  const ends = dayEnds(snapshots);
  return ends.map((snapshot, index) => {
    const previous = index > 0 ? ends[index - 1] : undefined;
    const span = previous ? Date.parse(snapshot.captured_at) - Date.parse(previous.captured_at) : 0;
    const usable = previous !== undefined && span > 0 && span <= MAX_GROWTH_GAP_DAYS * DAY_MS;
    const gained = (key: 'followers' | 'favorites' | 'ratings' | 'total_views') => {
      const now = snapshot[key];
      const before = previous?.[key] ?? null;
      return usable && now !== null && before !== null ? round(((now - before) * DAY_MS) / span, 2) : null;
    };
    return {
      date: snapshot.captured_at.slice(0, 10),
      followers: snapshot.followers,
      followers_gained: gained('followers'),
      views_gained: gained('total_views'),
      favorites_gained: gained('favorites'),
      ratings_gained: gained('ratings'),
      views_per_follower: ratio(snapshot.total_views, snapshot.followers),
      favorites_per_follower: ratio(snapshot.favorites, snapshot.followers),
    };
  });
}

const GAINS = ['followers_gained', 'views_gained', 'favorites_gained', 'ratings_gained'] as const;

/**
 * Growth per day as a chart of years shows it (as a fiction's history is thinned): every day of the last
 * DAILY_RESOLUTION_DAYS before `now`, and before that one point a week (Monday to Sunday, UTC), dated on the
 * week's last day with a snapshot, with that day's followers and ratios and, for each gain, the average of
 * the week's days that have one (null when none has: a gap stays a gap). Days come oldest first.
 */
export function weeklyBeyondAYear(days: readonly DailyGrowth[], now: Date): DailyGrowth[] {
  const daily = new Date(now.getTime() - DAILY_RESOLUTION_DAYS * DAY_MS).toISOString().slice(0, 10);
  const result: DailyGrowth[] = [];
  let week: DailyGrowth[] = [];
  const closeWeek = () => {
    const last = week.at(-1);
    if (!last) return;
    const averaged = { ...last };
    for (const key of GAINS) {
      const known = week.flatMap((day) => (day[key] === null ? [] : [day[key]]));
      averaged[key] = known.length
        ? round(known.reduce((sum, gain) => sum + gain, 0) / known.length, 2)
        : null;
    }
    result.push(averaged);
    week = [];
  };
  for (const day of days) {
    if (day.date >= daily) {
      closeWeek();
      result.push(day);
    } else {
      if (week[0] && weekOf(week[0].date) !== weekOf(day.date)) closeWeek();
      week.push(day);
    }
  }
  closeWeek();
  return result;
}

/** The index of the last snapshot taken at or before `at` (-1 when none). */
function lastAtOrBefore(snapshots: readonly GrowthSnapshot[], at: string): number {
  let low = 0;
  let high = snapshots.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((snapshots[middle] as GrowthSnapshot).captured_at <= at) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * Every chapter, oldest first, with the hours since the one before and the followers gained until the next
 * one (the latest: until the newest snapshot), measured between the last snapshot before its release and
 * the last snapshot before the next release. Null when no snapshot separates the two releases or none
 * precedes the chapter.
 */
export function chapterGrowth(
  chapters: readonly ReleasedChapter[],
  snapshots: readonly GrowthSnapshot[],
): ChapterGrowth[] {
  const sorted = [...chapters].sort((a, b) => a.published_at.localeCompare(b.published_at));
  const counted = snapshots.filter((snapshot) => snapshot.followers !== null);
  return sorted.map((chapter, index) => {
    const previous = index > 0 ? sorted[index - 1] : undefined;
    const next = sorted[index + 1];
    const before = lastAtOrBefore(counted, chapter.published_at);
    const until = next ? lastAtOrBefore(counted, next.published_at) : counted.length - 1;
    const start = counted[before];
    const end = counted[until];
    const separated = start !== undefined && end !== undefined && end.captured_at > chapter.published_at;
    return {
      royalroad_chapter_id: chapter.royalroad_chapter_id,
      title: chapter.title,
      published_at: chapter.published_at,
      gap_hours: previous
        ? round((Date.parse(chapter.published_at) - Date.parse(previous.published_at)) / HOUR_MS, 1)
        : null,
      followers_gained: separated ? (end.followers as number) - (start.followers as number) : null,
    };
  });
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const mean = (values: readonly number[]) =>
  values.length ? round(values.reduce((sum, value) => sum + value, 0) / values.length, 2) : null;

/**
 * How often chapters come out and whether release days bring readers: chapters per week over the 28 days
 * before `until` (the fiction's newest snapshot, so an old history is read as it stood then, not as four
 * quiet weeks), the median gap between the chapters given, and the average followers gained on days (UTC)
 * with a release against days without, among the days that have a gain.
 */
export function cadence(input: {
  /** Every known chapter (null when the fiction's chapters were never read). */
  allChapters: readonly ReleasedChapter[] | null;
  /** The chapters of the range, with their gaps. */
  chapters: readonly ChapterGrowth[];
  daily: readonly DailyGrowth[];
  /** The end of the four weeks counted: the fiction's newest snapshot (the clock when it has none). */
  until: Date;
}): Cadence {
  const since = new Date(input.until.getTime() - 28 * DAY_MS).toISOString();
  const until = input.until.toISOString();
  const recent = input.allChapters?.filter(
    (chapter) => chapter.published_at > since && chapter.published_at <= until,
  );
  const releaseDays = new Set(input.chapters.map((chapter) => chapter.published_at.slice(0, 10)));
  const withRelease: number[] = [];
  const without: number[] = [];
  for (const day of input.daily) {
    if (day.followers_gained === null) continue;
    (releaseDays.has(day.date) ? withRelease : without).push(day.followers_gained);
  }
  const onRelease = mean(withRelease);
  const onOther = mean(without);
  const gapMedian = median(
    input.chapters.flatMap((chapter) => (chapter.gap_hours === null ? [] : [chapter.gap_hours])),
  );
  return {
    chapters_per_week: recent && input.allChapters?.length ? round(recent.length / 4, 2) : null,
    median_gap_hours: gapMedian === null ? null : round(gapMedian, 1),
    release_day_lift: onRelease !== null && onOther !== null ? round(onRelease - onOther, 2) : null,
    followers_per_release_day: onRelease,
    followers_per_other_day: onOther,
    days_with_release: withRelease.length,
    days_without_release: without.length,
  };
}

import { MAX_GROWTH_GAP_DAYS, READING_STATUSES } from '@rrc/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Reading {
  captured_at: string;
  followers: number | null;
  favorites: number | null;
  ratings: number | null;
  total_views: number | null;
}

/** One row of growth.csv: whole counts gained since the row before. */
export interface GrowthRow {
  date: string;
  followers: number | null;
  followers_gained: number | null;
  views_gained: number | null;
  favorites_gained: number | null;
  ratings_gained: number | null;
  views_per_follower: number | null;
  favorites_per_follower: number | null;
}

const ratio = (part: number | null, whole: number | null) =>
  part === null || whole === null || whole === 0 ? null : Math.round((part / whole) * 100) / 100 + 0;

/**
 * growth.csv's rows for one fiction: for every UTC day with a snapshot, what its last snapshot gained over
 * the last snapshot of the previous day that has one, as whole counts (never scaled: the day before is the
 * previous row, so a day or two missed shows in the dates). Across more than MAX_GROWTH_GAP_DAYS without a
 * snapshot the gains are empty (a gap, never filled); so is a figure missing on either side.
 */
export function growthRows(readings: readonly Reading[]): GrowthRow[] {
  const sorted = [...readings].sort((a, b) => a.captured_at.localeCompare(b.captured_at));
  const ends: Reading[] = [];
  for (const reading of sorted) {
    if (ends.at(-1)?.captured_at.slice(0, 10) === reading.captured_at.slice(0, 10))
      ends[ends.length - 1] = reading;
    else ends.push(reading);
  }
  return ends.map((reading, index) => {
    const date = reading.captured_at.slice(0, 10);
    const previous = index > 0 ? ends[index - 1] : undefined;
    const days = previous ? (Date.parse(date) - Date.parse(previous.captured_at.slice(0, 10))) / DAY_MS : 0;
    const usable = previous !== undefined && days >= 1 && days <= MAX_GROWTH_GAP_DAYS;
    const gained = (key: 'followers' | 'favorites' | 'ratings' | 'total_views') => {
      const now = reading[key];
      const before = previous?.[key] ?? null;
      return usable && now !== null && before !== null ? Math.round(now - before) : null;
    };
    return {
      date,
      followers: reading.followers,
      followers_gained: gained('followers'),
      views_gained: gained('total_views'),
      favorites_gained: gained('favorites'),
      ratings_gained: gained('ratings'),
      views_per_follower: ratio(reading.total_views, reading.followers),
      favorites_per_follower: ratio(reading.favorites, reading.followers),
    };
  });
}

interface ListRow {
  status: string;
  is_favorite: boolean | number;
  favorite_position: number | null;
  created_at: string;
  id: number;
}

const statusOrder = (status: string) => {
  const index = (READING_STATUSES as readonly string[]).indexOf(status);
  return index === -1 ? READING_STATUSES.length : index;
};

/**
 * The reader's list as list.csv and data.json give it: favorites first in the reader's order, numbered 1 to
 * n without gaps, then the rest by reading status (reading, completed, on hold, dropped, plan to read), the
 * most recently added first within a status.
 */
export function orderedList<T extends ListRow>(entries: readonly T[]): T[] {
  const newestFirst = (a: T, b: T) => b.created_at.localeCompare(a.created_at) || b.id - a.id;
  const favorites = entries
    .filter((entry) => Boolean(entry.is_favorite))
    .sort(
      (a, b) =>
        (a.favorite_position ?? Number.MAX_SAFE_INTEGER) - (b.favorite_position ?? Number.MAX_SAFE_INTEGER) ||
        a.created_at.localeCompare(b.created_at) ||
        a.id - b.id,
    )
    .map((entry, index) => ({ ...entry, favorite_position: index + 1 }));
  const others = entries
    .filter((entry) => !entry.is_favorite)
    .sort((a, b) => statusOrder(a.status) - statusOrder(b.status) || newestFirst(a, b))
    .map((entry) => ({ ...entry, favorite_position: null }));
  return [...favorites, ...others];
}

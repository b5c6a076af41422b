import { DAILY_RESOLUTION_DAYS, FULL_RESOLUTION_DAYS } from '@rrc/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday (UTC) of the week a time (or a YYYY-MM-DD day) falls in, as YYYY-MM-DD. */
export function weekOf(iso: string): string {
  const day = new Date(`${iso.slice(0, 10)}T00:00:00.000Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Keeps every point of the last 90 days, the last point of each UTC day of the year before, and the last
 * point of each week (Monday to Sunday, UTC) before that: a year of several scrapes a day stays a light
 * chart, and every further year adds 52 points, not 365. Points are oldest first.
 */
export function thinHistory<Point extends { captured_at: string }>(
  points: readonly Point[],
  now: Date,
): Point[] {
  const full = new Date(now.getTime() - FULL_RESOLUTION_DAYS * DAY_MS).toISOString();
  const daily = new Date(now.getTime() - DAILY_RESOLUTION_DAYS * DAY_MS).toISOString();
  const bucket = (at: string) => (at >= daily ? at.slice(0, 10) : weekOf(at));
  const result: Point[] = [];
  for (const point of points) {
    if (point.captured_at >= full) {
      result.push(point);
      continue;
    }
    const previous = result.at(-1);
    if (previous && bucket(previous.captured_at) === bucket(point.captured_at))
      result[result.length - 1] = point;
    else result.push(point);
  }
  return result;
}

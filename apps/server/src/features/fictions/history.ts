import { FULL_RESOLUTION_DAYS, type SnapshotPoint } from '@rrc/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps every point of the last 90 days and, before that, the last point of
 * each UTC day, so a year of several scrapes a day stays a light chart.
 */
export function downsampleHistory(points: SnapshotPoint[], now: Date): SnapshotPoint[] {
  const cutoff = new Date(now.getTime() - FULL_RESOLUTION_DAYS * DAY_MS).toISOString();
  const result: SnapshotPoint[] = [];
  for (const point of points) {
    if (point.captured_at >= cutoff) {
      result.push(point);
      continue;
    }
    const previous = result.at(-1);
    if (previous && previous.captured_at.slice(0, 10) === point.captured_at.slice(0, 10))
      result[result.length - 1] = point;
    else result.push(point);
  }
  return result;
}

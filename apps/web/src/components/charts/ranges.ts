export const RANGES = [
  { key: '7d', label: '7 days', days: 7 },
  { key: '30d', label: '30 days', days: 30 },
  { key: '90d', label: '90 days', days: 90 },
  { key: 'all', label: 'All', days: null },
] as const;
export type RangeKey = (typeof RANGES)[number]['key'];

/** Keeps the points of the chosen range, counted back from the newest point (history can be old). */
export function withinRange<T extends { at: number }>(points: T[], range: RangeKey): T[] {
  const days = RANGES.find((option) => option.key === range)?.days ?? null;
  const newest = points.at(-1)?.at;
  if (days === null || newest === undefined) return points;
  const from = newest - days * 24 * 60 * 60 * 1000;
  return points.filter((point) => point.at >= from);
}

export const longDate = (at: number) =>
  new Date(at).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

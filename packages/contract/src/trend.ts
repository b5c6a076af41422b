export type Trend = 'up' | 'down' | 'flat';

/**
 * SPEC §3: per genre compare the latest two captures. A lower position number is
 * 'up', a higher one 'down', the same 'flat'; a single record counts as 'up'.
 */
export function trendOf(position: number, previousPosition: number | null | undefined): Trend {
  if (previousPosition === null || previousPosition === undefined) return 'up';
  if (position < previousPosition) return 'up';
  if (position > previousPosition) return 'down';
  return 'flat';
}

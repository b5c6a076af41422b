import type { UserFictionStats } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

/** How many fictions the list holds per reading status, and how many are favorites. */
export const readingStatsQuery = queryOptions({
  queryKey: readingListKeys.stats(),
  queryFn: ({ signal }) => apiRequest<UserFictionStats>('/userFictions/stats', { signal }),
});

export function useReadingStats() {
  return useQuery(readingStatsQuery);
}

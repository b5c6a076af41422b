import type { UserFictionStats } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

/** How many fictions the list holds per reading status, and how many are favorites. */
export function getReadingStats(signal?: AbortSignal) {
  return apiRequest<UserFictionStats>('/userFictions/stats', { signal });
}

export const readingStatsQueryOptions = () =>
  queryOptions({
    queryKey: readingListKeys.stats(),
    queryFn: ({ signal }) => getReadingStats(signal),
  });

export function useReadingStats() {
  return useQuery(readingStatsQueryOptions());
}

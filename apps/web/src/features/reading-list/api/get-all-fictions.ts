import type { UserFiction } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

/** The whole list: favorites first, then the newest additions. */
export function getAllFictions(signal?: AbortSignal) {
  return apiRequest<UserFiction[]>('/userFictions/all', { signal });
}

export const allFictionsQueryOptions = () =>
  queryOptions({
    queryKey: readingListKeys.everything(),
    queryFn: ({ signal }) => getAllFictions(signal),
  });

export function useAllFictions() {
  return useQuery(allFictionsQueryOptions());
}

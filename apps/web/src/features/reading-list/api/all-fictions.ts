import type { UserFiction } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

/** The whole list: favorites first, then the newest additions. */
export const allFictionsQuery = queryOptions({
  queryKey: readingListKeys.everything(),
  queryFn: ({ signal }) => apiRequest<UserFiction[]>('/userFictions/all', { signal }),
});

export function useAllFictions() {
  return useQuery(allFictionsQuery);
}

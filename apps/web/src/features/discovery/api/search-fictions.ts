import type { FictionSearchResult } from '@rrc/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { discoveryKeys } from './keys.ts';

/** Every fiction we know matching a search: `query` is the query string of GET /fictions/search. */
export function searchFictions(query: string, signal?: AbortSignal) {
  return apiRequest<FictionSearchResult>(`/fictions/search${query ? `?${query}` : ''}`, { signal });
}

export const searchFictionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: discoveryKeys.search(query),
    queryFn: ({ signal }) => searchFictions(query, signal),
    // The results stay on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useSearchFictions(query: string) {
  return useQuery(searchFictionsQueryOptions(query));
}

import type { MoversResult, MoverWindow } from '@rrc/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { discoveryKeys } from './keys.ts';

/** The biggest follower gains over a window, overall or in a genre, and the Rising Stars changes. */
export function getMovers(window: MoverWindow, genre: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ window, limit: '20' });
  if (genre) query.set('genre', genre);
  return apiRequest<MoversResult>(`/fictions/movers?${query}`, { signal });
}

export const moversQueryOptions = (window: MoverWindow, genre: string | null) =>
  queryOptions({
    queryKey: discoveryKeys.movers(window, genre),
    queryFn: ({ signal }) => getMovers(window, genre, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useMovers(window: MoverWindow, genre: string | null) {
  return useQuery(moversQueryOptions(window, genre));
}

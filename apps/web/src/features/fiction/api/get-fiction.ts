import type { Fiction } from '@rrc/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fictionKeys } from './keys.ts';

/** A fiction by its Royal Road id, with its current statistics. */
export function getFiction(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<Fiction>(`/fictions/${royalroadId}`, { signal });
}

export const fictionQueryOptions = (royalroadId: number) =>
  queryOptions({
    queryKey: fictionKeys.fiction(royalroadId),
    queryFn: ({ signal }) => getFiction(royalroadId, signal),
    retry: false,
  });

export function useFiction(royalroadId: number) {
  return useQuery(fictionQueryOptions(royalroadId));
}

/** Asks again for everything shown about a fiction, after something changed it (a scrape, a sponsorship). */
export function useReloadFiction() {
  const client = useQueryClient();
  return (royalroadId: number) => client.invalidateQueries({ queryKey: fictionKeys.fiction(royalroadId) });
}

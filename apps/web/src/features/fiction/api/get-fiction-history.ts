import type { FictionHistory } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fictionKeys } from './keys.ts';

/** Every snapshot of a fiction's statistics, oldest first, for its charts. */
export function getFictionHistory(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<FictionHistory>(`/fictions/${royalroadId}/history`, { signal });
}

export const fictionHistoryQueryOptions = (royalroadId: number) =>
  queryOptions({
    queryKey: fictionKeys.history(royalroadId),
    queryFn: ({ signal }) => getFictionHistory(royalroadId, signal),
  });

export function useFictionHistory(royalroadId: number) {
  return useQuery(fictionHistoryQueryOptions(royalroadId));
}

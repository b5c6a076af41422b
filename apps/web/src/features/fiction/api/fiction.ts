import type { Fiction, FictionHistory, RisingStarRecord } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const fictionQuery = (royalroadId: number) =>
  queryOptions({
    queryKey: ['fiction', royalroadId],
    queryFn: ({ signal }) => apiRequest<Fiction>(`/fictions/${royalroadId}`, { signal }),
    retry: false,
  });

export function useFiction(royalroadId: number) {
  return useQuery(fictionQuery(royalroadId));
}

export function useFictionHistory(royalroadId: number) {
  return useQuery({
    queryKey: ['fiction', royalroadId, 'history'],
    queryFn: ({ signal }) => apiRequest<FictionHistory>(`/fictions/${royalroadId}/history`, { signal }),
  });
}

export function useRisingStarsRecords(fictionId: number | undefined) {
  return useQuery({
    queryKey: ['rising-stars', 'fiction', fictionId],
    enabled: fictionId !== undefined,
    queryFn: ({ signal }) => apiRequest<RisingStarRecord[]>(`/rising-stars/fiction/${fictionId}`, { signal }),
  });
}

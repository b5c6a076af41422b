import type { FictionEvent } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { analyticsKeys } from './keys.ts';

/** What was detected on a fiction, oldest first. */
export function getFictionEvents(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<{ events: FictionEvent[] }>(`/fictions/${royalroadId}/events`, { signal });
}

export const fictionEventsQueryOptions = (royalroadId: number) =>
  queryOptions({
    queryKey: analyticsKeys.events(royalroadId),
    queryFn: ({ signal }) => getFictionEvents(royalroadId, signal),
    enabled: royalroadId > 0,
  });

export function useFictionEvents(royalroadId: number) {
  return useQuery(fictionEventsQueryOptions(royalroadId));
}

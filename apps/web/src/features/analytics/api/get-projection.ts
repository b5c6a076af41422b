import type { FollowersProjection } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { analyticsKeys } from './keys.ts';

/** Where a fiction's followers are heading at its recent pace. */
export function getProjection(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<FollowersProjection>(`/fictions/${royalroadId}/projection`, { signal });
}

export const projectionQueryOptions = (royalroadId: number) =>
  queryOptions({
    queryKey: analyticsKeys.projection(royalroadId),
    queryFn: ({ signal }) => getProjection(royalroadId, signal),
    enabled: royalroadId > 0,
  });

export function useProjection(royalroadId: number) {
  return useQuery(projectionQueryOptions(royalroadId));
}

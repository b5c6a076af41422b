import type { PositionResult } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { risingStarsKeys } from './keys.ts';

/**
 * Where a fiction stands on Rising Stars. A fiction the site has never seen is looked up on Royal Road first,
 * which can take a while when Royal Road is busy.
 */
export function getPosition(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<PositionResult>(`/rising-stars-position/${royalroadId}`, { signal });
}

export const positionQueryOptions = (royalroadId: number) =>
  queryOptions({
    queryKey: risingStarsKeys.position(royalroadId),
    queryFn: ({ signal }) => getPosition(royalroadId, signal),
    retry: false,
  });

/** Asked only for a real id (the page says what is wrong with any other). */
export function usePosition(royalroadId: number) {
  return useQuery({ ...positionQueryOptions(royalroadId), enabled: royalroadId > 0 });
}

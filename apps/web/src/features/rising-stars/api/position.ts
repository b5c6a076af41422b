import type { PositionResult } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Where a fiction stands on Rising Stars. A fiction the site has never seen is looked up on Royal Road first,
 * which can take a while when Royal Road is busy.
 */
export const positionQuery = (royalroadId: number) =>
  queryOptions({
    queryKey: ['rising-stars-position', royalroadId] as const,
    queryFn: ({ signal }) => apiRequest<PositionResult>(`/rising-stars-position/${royalroadId}`, { signal }),
    retry: false,
  });

export function usePosition(royalroadId: number) {
  return useQuery({ ...positionQuery(royalroadId), enabled: royalroadId > 0 });
}

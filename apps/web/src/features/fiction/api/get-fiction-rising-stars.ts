import type { RisingStarRecord } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fictionKeys } from './keys.ts';

/** Every place a fiction (by its id on this site) has had on a Rising Stars list, for its chart. */
export function getFictionRisingStars(fictionId: number, signal?: AbortSignal) {
  return apiRequest<RisingStarRecord[]>(`/rising-stars/fiction/${fictionId}`, { signal });
}

export const fictionRisingStarsQueryOptions = (fictionId: number | undefined) =>
  queryOptions({
    queryKey: fictionKeys.risingStars(fictionId),
    enabled: fictionId !== undefined,
    queryFn: ({ signal }) => getFictionRisingStars(fictionId ?? 0, signal),
  });

/** Asked once the fiction itself has loaded (its id on this site comes with it). */
export function useFictionRisingStars(fictionId: number | undefined) {
  return useQuery(fictionRisingStarsQueryOptions(fictionId));
}

import type { RisingStarsTop } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { landingKeys } from './keys.ts';

/** SPEC §7: the landing lists refresh every 10 minutes. */
export const LANDING_REFRESH_MS = 600_000;

/** The first five of the main Rising Stars list at the latest capture. */
export function getTopRisingStars(signal?: AbortSignal) {
  return apiRequest<RisingStarsTop>('/rising-stars/top?limit=5', { signal });
}

/** A failure is only logged (SPEC §8): the table stays quiet. */
export const topRisingStarsQueryOptions = () =>
  queryOptions({
    queryKey: landingKeys.topRisingStars(),
    queryFn: async ({ signal }) => {
      try {
        return await getTopRisingStars(signal);
      } catch (error) {
        console.error('Failed to load the top Rising Stars', error);
        throw error;
      }
    },
    refetchInterval: LANDING_REFRESH_MS,
    retry: false,
  });

export function useTopRisingStars() {
  return useQuery(topRisingStarsQueryOptions());
}

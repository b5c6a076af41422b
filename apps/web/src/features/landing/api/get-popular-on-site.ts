import type { SiteFiction } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { LANDING_REFRESH_MS } from './get-top-rising-stars.ts';
import { landingKeys } from './keys.ts';

/** The five fictions most often in readers' lists on this site. */
export function getPopularOnSite(signal?: AbortSignal) {
  return apiRequest<SiteFiction[]>('/fictions/popular-by-users?limit=5', { signal });
}

/** A failure is only logged, with its message (SPEC §7): the table stays quiet. */
export const popularOnSiteQueryOptions = () =>
  queryOptions({
    queryKey: landingKeys.popularOnSite(),
    queryFn: async ({ signal }) => {
      try {
        return await getPopularOnSite(signal);
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Failed to load popular fictions';
        console.error('Failed to load the most popular fictions on the site:', message);
        throw error;
      }
    },
    refetchInterval: LANDING_REFRESH_MS,
    retry: false,
  });

export function usePopularOnSite() {
  return useQuery(popularOnSiteQueryOptions());
}

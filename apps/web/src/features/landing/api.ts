import type { RisingStarsTop, SiteFiction } from '@rrc/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

const TEN_MINUTES = 600_000;

/** SPEC §7: the landing lists refresh every 10 minutes; a failure is only logged. */
export function useTopRisingStars() {
  return useQuery({
    queryKey: ['landing', 'rising-stars-top'],
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<RisingStarsTop>('/rising-stars/top?limit=5', { signal });
      } catch (error) {
        console.error('Failed to load the top Rising Stars', error);
        throw error;
      }
    },
    refetchInterval: TEN_MINUTES,
    retry: false,
  });
}

/** The popular-by-users call answers a failure object instead of throwing (SPEC §7). */
export async function fetchPopularByUsers(
  signal?: AbortSignal,
): Promise<{ success: true; data: SiteFiction[] } | { success: false; error: string }> {
  try {
    return {
      success: true,
      data: await apiRequest<SiteFiction[]>('/fictions/popular-by-users?limit=5', { signal }),
    };
  } catch (error) {
    return {
      success: false,
      error: error instanceof Error ? error.message : 'Failed to load popular fictions',
    };
  }
}

export function usePopularOnSite() {
  return useQuery({
    queryKey: ['landing', 'popular-by-users'],
    queryFn: async ({ signal }) => {
      const result = await fetchPopularByUsers(signal);
      if (!result.success)
        console.error('Failed to load the most popular fictions on the site:', result.error);
      return result;
    },
    refetchInterval: TEN_MINUTES,
    retry: false,
  });
}

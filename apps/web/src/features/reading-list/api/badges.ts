import type { RisingStarBadge, RisingStarsLatest } from '@rrc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

/**
 * Rising Stars badges for a whole list in one request. A failure leaves the
 * cards without badges (SPEC §2: failures are ignored).
 */
export function useRisingStarsBadges(fictionIds: readonly number[]) {
  const sorted = [...new Set(fictionIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: readingListKeys.badges(sorted),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const latest = await apiRequest<RisingStarsLatest>(
        `/rising-stars/latest?fictionIds=${sorted.join(',')}`,
        { signal },
      );
      return (latest.badges ?? {}) as Record<string, RisingStarBadge[]>;
    },
  });
}

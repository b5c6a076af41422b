import type { RisingStarBadge, RisingStarsLatest } from '@rrc/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

/** Rising Stars badges of many fictions (by their ids on this site) in one request, by fiction id. */
export async function getRisingStarsBadges(fictionIds: readonly number[], signal?: AbortSignal) {
  const latest = await apiRequest<RisingStarsLatest>(
    `/rising-stars/latest?fictionIds=${fictionIds.join(',')}`,
    {
      signal,
    },
  );
  return (latest.badges ?? {}) as Record<string, RisingStarBadge[]>;
}

/** A failure leaves the cards without badges (SPEC §2: failures are ignored). */
export const risingStarsBadgesQueryOptions = (fictionIds: readonly number[]) => {
  const sorted = [...new Set(fictionIds)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: readingListKeys.badges(sorted),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: ({ signal }) => getRisingStarsBadges(sorted, signal),
  });
};

export function useRisingStarsBadges(fictionIds: readonly number[]) {
  return useQuery(risingStarsBadgesQueryOptions(fictionIds));
}

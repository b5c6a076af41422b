import type { AnalyticsRange, FictionAnalytics } from '@rrc/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { analyticsKeys } from './keys.ts';

/** Growth per day and per chapter, cadence, peers and Rising Stars context of a fiction over a range. */
export function getFictionAnalytics(royalroadId: number, range: AnalyticsRange, signal?: AbortSignal) {
  return apiRequest<FictionAnalytics>(`/fictions/${royalroadId}/analytics?range=${range}`, { signal });
}

export const fictionAnalyticsQueryOptions = (royalroadId: number, range: AnalyticsRange) =>
  queryOptions({
    queryKey: analyticsKeys.fiction(royalroadId, range),
    queryFn: ({ signal }) => getFictionAnalytics(royalroadId, range, signal),
    enabled: royalroadId > 0,
  });

/** Keeps showing the previous range's figures while another range loads. */
export function useFictionAnalytics(royalroadId: number, range: AnalyticsRange) {
  return useQuery({ ...fictionAnalyticsQueryOptions(royalroadId, range), placeholderData: keepPreviousData });
}

import type { Comparison } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { analyticsKeys } from './keys.ts';

export type CompareAlign = Comparison['align'];

/** Fictions side by side, by days since their first chapter or by date. */
export function getComparison(royalroadIds: readonly number[], align: CompareAlign, signal?: AbortSignal) {
  return apiRequest<Comparison>(`/compare?ids=${royalroadIds.join(',')}&align=${align}`, { signal });
}

export const comparisonQueryOptions = (royalroadIds: readonly number[], align: CompareAlign) =>
  queryOptions({
    queryKey: analyticsKeys.comparison(royalroadIds, align),
    queryFn: ({ signal }) => getComparison(royalroadIds, align, signal),
    enabled: royalroadIds.length > 0,
  });

export function useComparison(royalroadIds: readonly number[], align: CompareAlign) {
  return useQuery(comparisonQueryOptions(royalroadIds, align));
}

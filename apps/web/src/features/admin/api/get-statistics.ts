import type { AdminStatistics } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** Site figures and scrape health. */
export function getAdminStatistics(signal?: AbortSignal) {
  return apiRequest<AdminStatistics>('/admin/statistics', { signal });
}

export const adminStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.statistics(),
    queryFn: ({ signal }) => getAdminStatistics(signal),
  });

export function useAdminStatistics() {
  return useQuery(adminStatisticsQueryOptions());
}

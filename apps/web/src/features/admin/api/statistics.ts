import type { AdminStatistics } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const adminStatisticsQuery = queryOptions({
  queryKey: adminKeys.statistics,
  queryFn: ({ signal }) => apiRequest<AdminStatistics>('/admin/statistics', { signal }),
});

export function useAdminStatistics() {
  return useQuery(adminStatisticsQuery);
}

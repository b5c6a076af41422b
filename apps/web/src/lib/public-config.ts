import type { PublicConfig } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** What the server tells the web app about itself (payments, contact address, whether it sends email). */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiRequest<PublicConfig>('/config', { signal }),
  staleTime: 5 * 60_000,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

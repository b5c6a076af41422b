import type { PublicConfig } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** Query keys of what the server says about itself. */
export const publicConfigKeys = {
  config: () => ['config'] as const,
};

/** What the server tells the web app about itself (payments, contact address, whether it sends email). */
export function getPublicConfig(signal?: AbortSignal) {
  return apiRequest<PublicConfig>('/config', { signal });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigKeys.config(),
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: 5 * 60_000,
  });

/** Asked only when `enabled` (by default at once). */
export function usePublicConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicConfigQueryOptions(), enabled });
}

import type { JobRun, RefreshStatus } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fictionKeys } from './keys.ts';

/** How often a refresh waiting or under way is asked about. */
export const FOLLOW_REFRESH_MS = 1000;

export const isUnderWay = (job: JobRun | null | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/** When the fiction was last updated, whether you may refresh it, your refreshes left, and its refresh job. */
export function getRefreshStatus(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<RefreshStatus>(`/fictions/${royalroadId}/refresh`, { signal });
}

/** Followed every second while its refresh waits or runs, and while `follow` (a refresh just asked for). */
export const refreshStatusQueryOptions = (royalroadId: number, follow = false) =>
  queryOptions({
    queryKey: fictionKeys.refresh(royalroadId),
    queryFn: ({ signal }) => getRefreshStatus(royalroadId, signal),
    refetchInterval: (query) => (follow || isUnderWay(query.state.data?.job) ? FOLLOW_REFRESH_MS : false),
    retry: false,
  });

export function useRefreshStatus(royalroadId: number, follow = false) {
  return useQuery(refreshStatusQueryOptions(royalroadId, follow));
}

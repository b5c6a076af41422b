import type { JobRun } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isFinished } from '../job-format.ts';
import { adminKeys } from './keys.ts';

/** How often a job someone started here is asked about while it is queued or running. */
export const FOLLOW_INTERVAL_MS = 1000;

/** One job run as it is now. */
export function getJobRun(id: number, signal?: AbortSignal) {
  return apiRequest<JobRun>(`/admin/jobs/${id}`, { signal });
}

/** A run just started, asked about again every second until it has finished. */
export const followedJobQueryOptions = (started: JobRun | null) =>
  queryOptions({
    queryKey: adminKeys.jobRun(started?.id ?? 0),
    queryFn: ({ signal }) => getJobRun(started?.id ?? 0, signal),
    enabled: started !== null && !isFinished(started),
    initialData: started ?? undefined,
    // The run as the start answered it is current: the first question waits one interval.
    initialDataUpdatedAt: () => Date.now(),
    staleTime: FOLLOW_INTERVAL_MS,
    refetchInterval: (query) =>
      query.state.data && isFinished(query.state.data) ? false : FOLLOW_INTERVAL_MS,
  });

export function useFollowedJob(started: JobRun | null) {
  return useQuery(followedJobQueryOptions(started));
}

import type { JobName, JobRun } from '@rrc/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from '../../../lib/api-client.ts';
import { isFinished } from '../job-format.ts';
import { adminKeys } from './keys.ts';

export type { JobName };

export interface JobRunsParams {
  page: number;
  job: JobName | null;
}

export const JOB_HISTORY_PAGE_SIZE = 10;
/** How often the history is asked again while a run on the shown page is still queued or running. */
const HISTORY_REFRESH_MS = 5000;

/** Job runs, newest first, a page at a time, of one job or of all. */
export function getJobRuns(params: JobRunsParams, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(JOB_HISTORY_PAGE_SIZE) });
  if (params.job) search.set('job', params.job);
  return apiRequestPage<JobRun>(`/admin/jobs?${search}`, { signal });
}

export const jobRunsQueryOptions = (params: JobRunsParams) =>
  queryOptions({
    queryKey: adminKeys.jobRuns(params),
    queryFn: ({ signal }) => getJobRuns(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((run) => !isFinished(run)) ? HISTORY_REFRESH_MS : false,
  });

export function useJobRuns(params: JobRunsParams) {
  return useQuery(jobRunsQueryOptions(params));
}

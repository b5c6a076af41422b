import type { JobRunsParams } from './get-job-runs.ts';
import type { AdminUsersParams } from './get-users.ts';

/** Query keys of the admin screens, so a finished job or an admin change refreshes what it affects. */
export const adminKeys = {
  all: ['admin'] as const,
  statistics: () => [...adminKeys.all, 'statistics'] as const,
  /** Every page of the user list; with `params`, one of them. */
  users: (params?: AdminUsersParams) =>
    params ? ([...adminKeys.all, 'users', params] as const) : ([...adminKeys.all, 'users'] as const),
  /** Every page of the job history; with `params`, one of them. */
  jobRuns: (params?: JobRunsParams) =>
    params ? ([...adminKeys.all, 'job-runs', params] as const) : ([...adminKeys.all, 'job-runs'] as const),
  jobRun: (id: number) => [...adminKeys.all, 'job-run', id] as const,
  deliveries: () => [...adminKeys.all, 'deliveries'] as const,
};

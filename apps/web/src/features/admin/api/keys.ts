/** Query keys of the admin screens, so a finished job or an admin change refreshes what it affects. */
export const adminKeys = {
  statistics: ['admin', 'statistics'] as const,
  users: ['admin', 'users'] as const,
  jobRuns: ['admin', 'job-runs'] as const,
  jobRun: (id: number) => ['admin', 'job-run', id] as const,
};

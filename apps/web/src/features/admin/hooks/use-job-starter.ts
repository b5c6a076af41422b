import type { JobAccepted } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { failureMessage } from '../../../lib/api-client.ts';
import { useFollowedJob } from '../api/get-job-run.ts';
import { adminKeys } from '../api/keys.ts';
import { isFinished } from '../job-format.ts';

/**
 * Starts a job and follows it until it ends. The job history refreshes when it starts and ends, the
 * statistics (with scrape health) and `onFinished` when it ends. Failures are worded with `texts`.
 */
export function useJobStarter<Input>(
  start: (input: Input) => Promise<JobAccepted>,
  {
    texts = { start: 'Could not start the scrape', tracking: 'Lost track of the job' },
    onFinished,
  }: { texts?: { start: string; tracking: string }; onFinished?: () => void } = {},
) {
  const client = useQueryClient();
  const starter = useMutation({ mutationFn: start });
  const followed = useFollowedJob(starter.data?.job ?? null);
  const run = followed.data ?? null;
  const runId = run?.id ?? null;
  const finished = run !== null && isFinished(run);

  // `onFinished` is the caller's: a new function at each render must not call it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: called once when a run starts and once when it ends
  useEffect(() => {
    if (runId === null) return;
    void client.invalidateQueries({ queryKey: adminKeys.jobRuns() });
    if (finished) {
      void client.invalidateQueries({ queryKey: adminKeys.statistics() });
      onFinished?.();
    }
  }, [runId, finished, client]);

  return {
    start: (input: Input) => starter.mutate(input),
    run,
    busy: starter.isPending || (run !== null && !finished),
    startError: starter.isError ? failureMessage(starter.error, texts.start) : null,
    trackingError: followed.isError ? failureMessage(followed.error, texts.tracking) : null,
  };
}

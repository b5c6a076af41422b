import type { JobAccepted, JobRun } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fictionKeys } from './keys.ts';

/** Asks for a refresh from Royal Road: the finished job within 10 s, else the job to follow. */
export async function refreshFiction(royalroadId: number): Promise<JobRun> {
  const answer = await apiRequest<JobRun | JobAccepted>(`/fictions/${royalroadId}/refresh`, {
    method: 'POST',
  });
  return 'jobId' in answer ? answer.job : answer;
}

export function useRefreshFiction(royalroadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => refreshFiction(royalroadId),
    // The status now carries the job; a refresh already finished also changed the fiction itself.
    onSettled: () => client.invalidateQueries({ queryKey: fictionKeys.fiction(royalroadId) }),
  });
}

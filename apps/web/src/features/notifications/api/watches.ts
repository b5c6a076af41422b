import type { Watch, watchBody } from '@rrc/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** The reader's watch of one fiction (404 when they do not watch it). */
export function getWatch(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<Watch>(`/watches/${royalroadId}`, {
    signal,
    describeFailure: ({ serverError }) => serverError ?? 'Could not load your alerts.',
  });
}

export const watchQueryOptions = (royalroadId: number) =>
  queryOptions({
    queryKey: notificationKeys.watch(royalroadId),
    queryFn: async ({ signal }) => {
      try {
        return await getWatch(royalroadId, signal);
      } catch (error) {
        // Not watched is an answer, not a failure.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });

export function useWatch(royalroadId: number) {
  return useQuery(watchQueryOptions(royalroadId));
}

/** Every fiction the reader watches, their list's by default included. */
export function getWatches(signal?: AbortSignal) {
  return apiRequest<Watch[]>('/watches', { signal });
}

export const watchesQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.watches(), queryFn: ({ signal }) => getWatches(signal) });

export function useWatches() {
  return useQuery(watchesQueryOptions());
}

/** Watches a fiction, or changes which events and channels. */
export function saveWatch(body: z.input<typeof watchBody>) {
  return apiRequest<Watch>('/watches', { method: 'POST', body });
}

export function useSaveWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWatch,
    // The list shows the saved choice at once, before it is read again.
    onSuccess: (saved) =>
      client.setQueryData<Watch[]>(notificationKeys.watches(), (list) =>
        list?.map((each) => (each.royalroad_id === saved.royalroad_id ? saved : each)),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.watches() }),
  });
}

/** Stops watching (a fiction of the list goes back to the default alerts). */
export function deleteWatch(royalroadId: number) {
  return apiRequest<{ removed: true }>(`/watches/${royalroadId}`, { method: 'DELETE' });
}

export function useDeleteWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWatch,
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.watches() }),
  });
}

import type { AuthorEvent, AuthorEventKind, Desk, DeskWeek } from '@rrc/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { authorKeys } from './keys.ts';

/** What the author marked on a fiction: all of it for its claimant, the public events for anyone else. */
export function getAuthorEvents(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<{ events: AuthorEvent[]; claimant: boolean }>(`/fictions/${royalroadId}/author-events`, {
    signal,
  });
}

export const authorEventsQueryOptions = (royalroadId: number) =>
  queryOptions({
    queryKey: authorKeys.events(royalroadId),
    queryFn: ({ signal }) => getAuthorEvents(royalroadId, signal),
    enabled: royalroadId > 0,
  });

export function useAuthorEvents(royalroadId: number) {
  return useQuery(authorEventsQueryOptions(royalroadId));
}

export interface NewAuthorEvent {
  kind: AuthorEventKind;
  at: string;
  endAt?: string | null;
  note?: string | null;
  partnerRoyalroadId?: number | null;
  link?: string | null;
  public?: boolean;
}

function useEventsChanged(royalroadId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: authorKeys.events(royalroadId) }),
      client.invalidateQueries({ queryKey: authorKeys.desk() }),
    ]);
}

export function useAddAuthorEvent(royalroadId: number) {
  const changed = useEventsChanged(royalroadId);
  return useMutation({
    mutationFn: (body: NewAuthorEvent) =>
      apiRequest<AuthorEvent>(`/fictions/${royalroadId}/events`, { method: 'POST', body }),
    onSettled: changed,
  });
}

export function useUpdateAuthorEvent(royalroadId: number) {
  const changed = useEventsChanged(royalroadId);
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<NewAuthorEvent> & { id: number }) =>
      apiRequest<AuthorEvent>(`/fictions/${royalroadId}/events/${id}`, { method: 'PATCH', body }),
    onSettled: changed,
  });
}

export function useDeleteAuthorEvent(royalroadId: number) {
  const changed = useEventsChanged(royalroadId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ removed: true }>(`/fictions/${royalroadId}/events/${id}`, { method: 'DELETE' }),
    onSettled: changed,
  });
}

/** The reader's claimed fictions, each with what they did ordered by what worked. */
export function useDesk() {
  return useQuery({
    queryKey: authorKeys.desk(),
    queryFn: ({ signal }) => apiRequest<Desk>('/desk', { signal }),
  });
}

/** The claimant's last seven days, as the Monday report tells them. */
export function useDeskWeek() {
  return useQuery({
    queryKey: authorKeys.week(),
    queryFn: ({ signal }) => apiRequest<DeskWeek>('/desk/week', { signal }),
  });
}

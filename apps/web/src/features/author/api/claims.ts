import type { ClaimState } from '@rrc/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { authorKeys } from './keys.ts';

/** Whether the fiction's author claimed it, and the reader's own claim on it. */
export function getClaim(royalroadId: number, signal?: AbortSignal) {
  return apiRequest<ClaimState>(`/fictions/${royalroadId}/claim`, { signal });
}

export const claimQueryOptions = (royalroadId: number) =>
  queryOptions({
    queryKey: authorKeys.claim(royalroadId),
    queryFn: ({ signal }) => getClaim(royalroadId, signal),
    enabled: royalroadId > 0,
  });

export function useClaim(royalroadId: number) {
  return useQuery(claimQueryOptions(royalroadId));
}

/** Every part of the page that depends on who holds the fiction reads again. */
function useClaimChanged(royalroadId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: authorKeys.claim(royalroadId) }),
      client.invalidateQueries({ queryKey: authorKeys.events(royalroadId) }),
      client.invalidateQueries({ queryKey: authorKeys.desk() }),
    ]);
}

/** A claim code to place on Royal Road (the same one while it is good). */
export function useRequestClaim(royalroadId: number) {
  const changed = useClaimChanged(royalroadId);
  return useMutation({
    mutationFn: () =>
      apiRequest<{ code: string; expiresAt: string }>(`/fictions/${royalroadId}/claim`, { method: 'POST' }),
    onSettled: changed,
  });
}

/**
 * Asks the site to look for the code on the fiction's page and its author's profile. The page was read anew
 * on the way (a new snapshot, perhaps changes): everything shown of the fiction reads again.
 */
export function useCheckClaim(royalroadId: number) {
  const client = useQueryClient();
  const changed = useClaimChanged(royalroadId);
  return useMutation({
    mutationFn: () =>
      apiRequest<{ status: 'verified'; verified_in: 'description' | 'profile' }>(
        `/fictions/${royalroadId}/claim/check`,
        { method: 'POST' },
      ),
    onSettled: () =>
      Promise.all([changed(), client.invalidateQueries({ queryKey: ['fiction', royalroadId] })]),
  });
}

export function useGiveUpClaim(royalroadId: number) {
  const changed = useClaimChanged(royalroadId);
  return useMutation({
    mutationFn: () => apiRequest<{ removed: true }>(`/fictions/${royalroadId}/claim`, { method: 'DELETE' }),
    onSettled: changed,
  });
}

import type { OAuthInitiate, OAuthProvider } from '@rrc/contract';
import { RETURN_TO_PARAM } from '@rrc/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The sign-in providers; a failure leaves the list empty (SPEC §8). */
export function useOAuthProviders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: ['oauth-providers'],
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<OAuthProvider[]>('/oauth/providers', { signal });
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** The provider's authorization address; the server keeps what comes after sign-in until the provider sends the reader back. */
export function initiateOAuth(
  provider: string,
  after: { fictionId: string | null; returnTo: string | null },
) {
  const params = new URLSearchParams();
  if (after.fictionId) params.set('fiction_id', after.fictionId);
  if (after.returnTo) params.set(RETURN_TO_PARAM, after.returnTo);
  const query = params.size > 0 ? `?${params}` : '';
  return apiRequest<OAuthInitiate>(`/oauth/${encodeURIComponent(provider)}/initiate${query}`);
}

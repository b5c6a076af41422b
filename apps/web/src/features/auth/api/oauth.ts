import type { OAuthInitiate, OAuthProvider } from '@rrc/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The sign-in providers; a failure leaves the list empty (SPEC §8). */
export function useOAuthProviders() {
  return useQuery({
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

export function initiateOAuth(provider: string, fictionId: string | null) {
  const query = fictionId ? `?fiction_id=${encodeURIComponent(fictionId)}` : '';
  return apiRequest<OAuthInitiate>(`/oauth/${encodeURIComponent(provider)}/initiate${query}`);
}

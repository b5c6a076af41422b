import type { OAuthProvider } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** The sign-in providers; a failure leaves the list empty (SPEC §8). */
export async function getOAuthProviders(signal?: AbortSignal): Promise<OAuthProvider[]> {
  try {
    return await apiRequest<OAuthProvider[]>('/oauth/providers', { signal });
  } catch {
    return [];
  }
}

export const oauthProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.oauthProviders(),
    queryFn: ({ signal }) => getOAuthProviders(signal),
    staleTime: 5 * 60_000,
  });

export function useOAuthProviders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...oauthProvidersQueryOptions(), enabled });
}

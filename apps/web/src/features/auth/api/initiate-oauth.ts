import type { OAuthInitiate } from '@rrc/contract';
import { RETURN_TO_PARAM } from '@rrc/contract/rules';
import { apiRequest } from '../../../lib/api-client.ts';

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

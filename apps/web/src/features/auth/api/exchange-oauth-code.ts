import type { AuthSession, OAuthExchangeBody } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Opens the session a provider sign-in left for this browser: the one-time code of /oauth/callback, sent
 * with the HttpOnly cookie the server set on the way back (so it works only in the browser that signed in).
 */
export function exchangeOAuthCode(code: string) {
  const body: OAuthExchangeBody = { code };
  return apiRequest<AuthSession>('/oauth/exchange', { method: 'POST', body, credentials: 'same-origin' });
}

import type { SignOutAnswer } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Ends the session of the stored token on the server: a copy of the token opens nothing afterwards. */
export function signOut() {
  return apiRequest<SignOutAnswer>('/auth/logout', { method: 'POST' });
}

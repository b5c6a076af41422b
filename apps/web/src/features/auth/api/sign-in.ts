import type { AuthSession, LoginBody } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Signs in with an email address and a password. */
export function signIn(body: LoginBody) {
  return apiRequest<AuthSession>('/auth/login', { method: 'POST', body });
}

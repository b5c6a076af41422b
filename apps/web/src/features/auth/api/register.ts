import type { AuthSession, RegisterBody } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Creates an account and signs it in. */
export function register(body: RegisterBody) {
  return apiRequest<AuthSession>('/auth/register', { method: 'POST', body });
}

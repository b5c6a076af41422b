import type { AuthSession, LoginBody } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export function signIn(body: LoginBody) {
  return apiRequest<AuthSession>('/auth/login', { method: 'POST', body });
}

import type { AuthSession, RegisterBody } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export function registerAccount(body: RegisterBody) {
  return apiRequest<AuthSession>('/auth/register', { method: 'POST', body });
}

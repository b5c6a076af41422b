import type { AuthSession, ResetPasswordBody } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Opens a reset link with the new password: every other session ends and this one begins. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest<AuthSession>('/auth/reset-password', { method: 'POST', body });
}

import type { VerifyEmailAnswer, VerifyEmailBody } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Opens a verification link (with this browser's session, if any): answers the address it proved, or, opened
 * outside the account's own session, a reset token for choosing the account's password first.
 */
export function verifyEmail(body: VerifyEmailBody) {
  return apiRequest<VerifyEmailAnswer>('/auth/verify-email', { method: 'POST', body });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

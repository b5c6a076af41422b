import type { EmailAddressAnswer, VerifyEmailBody } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Opens a verification link: answers the address it proved. */
export function verifyEmail(body: VerifyEmailBody) {
  return apiRequest<EmailAddressAnswer>('/auth/verify-email', { method: 'POST', body });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

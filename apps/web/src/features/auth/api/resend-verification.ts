import type { EmailAddressAnswer } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Mails a new verification link for the address waiting to be proven; answers where it went. */
export function resendVerification() {
  return apiRequest<EmailAddressAnswer>('/auth/resend-verification', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

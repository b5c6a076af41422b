import type { EmailAddressAnswer, ForgotPasswordBody } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export function forgotPassword(body: ForgotPasswordBody) {
  return apiRequest<EmailAddressAnswer>('/auth/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

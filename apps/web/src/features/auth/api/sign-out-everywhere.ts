import type { SignOutAnswer } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Ends every session of the account, on every device, this one too. */
export function signOutEverywhere() {
  return apiRequest<SignOutAnswer>('/auth/logout-all', { method: 'POST' });
}

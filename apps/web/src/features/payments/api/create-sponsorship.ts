import type { PaymentCreated } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Starts sponsoring a fiction (by its id on this site): its card payment to confirm. */
export function createSponsorship(fictionId: number) {
  return apiRequest<PaymentCreated>('/stripe/create-payment', { method: 'POST', body: { fictionId } });
}

import type { createSponsorshipBody, PaymentCreated } from '@rrc/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** Starts sponsoring a fiction (by its id on this site): its card payment to confirm. */
export function createSponsorship(fictionId: number) {
  const body: z.input<typeof createSponsorshipBody> = { fictionId };
  return apiRequest<PaymentCreated>('/stripe/create-payment', { method: 'POST', body });
}

import type { createCoffeePaymentBody, DonationType, PaymentCreated } from '@rrc/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** Starts a coffee donation of a tier (the server decides the amount): its card payment to confirm. */
export function createCoffeePayment(paymentType: DonationType) {
  const body: z.input<typeof createCoffeePaymentBody> = { paymentType };
  return apiRequest<PaymentCreated>('/stripe/create-coffee-payment', { method: 'POST', body });
}

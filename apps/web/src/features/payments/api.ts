import type { DonationType, PaymentCreated, PaymentStatus } from '@rrc/contract';
import { apiRequest } from '../../lib/api-client.ts';

export { usePublicConfig } from '../../lib/public-config.ts';

export function createCoffeePayment(paymentType: DonationType) {
  return apiRequest<PaymentCreated>('/stripe/create-coffee-payment', {
    method: 'POST',
    body: { paymentType },
  });
}

export function createSponsorship(fictionId: number) {
  return apiRequest<PaymentCreated>('/stripe/create-payment', { method: 'POST', body: { fictionId } });
}

export function paymentStatus(paymentIntentId: string) {
  return apiRequest<PaymentStatus>(
    `/stripe/payment-status?paymentIntentId=${encodeURIComponent(paymentIntentId)}`,
  );
}

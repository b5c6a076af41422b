import type { DonationType, PaymentCreated, PaymentStatus, PaymentStatusQuery } from '@rrc/contract';
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

/** How a payment this browser just made went: the client secret proves it is ours, signed in or not. */
export function paymentStatus(payment: PaymentCreated) {
  const query: PaymentStatusQuery = {
    paymentIntentId: payment.paymentIntentId,
    client_secret: payment.clientSecret,
  };
  return apiRequest<PaymentStatus>(`/stripe/payment-status?${new URLSearchParams(query)}`);
}

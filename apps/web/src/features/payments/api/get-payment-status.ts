import type { PaymentCreated, PaymentStatus, PaymentStatusQuery } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** How a payment this browser just made went: the client secret proves it is ours, signed in or not. */
export function getPaymentStatus(payment: PaymentCreated) {
  const query: PaymentStatusQuery = {
    paymentIntentId: payment.paymentIntentId,
    client_secret: payment.clientSecret,
  };
  return apiRequest<PaymentStatus>(`/stripe/payment-status?${new URLSearchParams(query)}`);
}

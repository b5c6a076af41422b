import type { DonationType, PaymentCreated, PaymentStatus, PublicConfig } from '@rrc/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest<PublicConfig>('/config', { signal }),
    staleTime: 5 * 60_000,
  });
}

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

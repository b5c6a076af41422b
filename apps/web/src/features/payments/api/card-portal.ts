import type { BillingPortalSession } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Stripe's page for changing a monthly coffee's card; Stripe sends the donor back to /coffee. */
export function openCardPortal(id: string) {
  return apiRequest<BillingPortalSession>(`/stripe/subscriptions/${encodeURIComponent(id)}/portal`, {
    method: 'POST',
  });
}

/** Opens it. */
export function useCardPortal() {
  return useMutation({
    mutationFn: openCardPortal,
    onSuccess: (session) => window.location.assign(session.url),
  });
}

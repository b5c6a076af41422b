import type { BillingPortalSession } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Opens Stripe's page for changing a monthly coffee's card; Stripe sends the donor back to /coffee. */
export function useCardPortal() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<BillingPortalSession>(`/stripe/subscriptions/${encodeURIComponent(id)}/portal`, {
        method: 'POST',
      }),
    onSuccess: (session) => window.location.assign(session.url),
  });
}

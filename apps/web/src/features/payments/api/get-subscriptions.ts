import type { CoffeeSubscription } from '@rrc/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/** The signed-in donor's monthly coffees, newest first. */
export function getSubscriptions(signal?: AbortSignal) {
  return apiRequest<CoffeeSubscription[]>('/stripe/subscriptions', { signal });
}

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.subscriptions(),
    queryFn: ({ signal }) => getSubscriptions(signal),
  });

/** Asked only when `enabled`. */
export function useSubscriptions(enabled: boolean) {
  return useQuery({ ...subscriptionsQueryOptions(), enabled });
}

/** Asks again for the donor's monthly coffees (after a new one was paid). */
export function useReloadSubscriptions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: paymentKeys.subscriptions() });
}

import type { CoffeeSubscription } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

export const subscriptionsQuery = queryOptions({
  queryKey: paymentKeys.subscriptions,
  queryFn: ({ signal }) => apiRequest<CoffeeSubscription[]>('/stripe/subscriptions', { signal }),
});

/** The signed-in donor's monthly coffees, newest first (asked only when `enabled`). */
export function useSubscriptions(enabled: boolean) {
  return useQuery({ ...subscriptionsQuery, enabled });
}

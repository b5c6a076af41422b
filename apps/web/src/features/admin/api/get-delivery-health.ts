import type { DeliveryHealth } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** Alert emails and webhook calls by channel: waiting, failing, sent and given up in the last 24 hours. */
export function getDeliveryHealth(signal?: AbortSignal) {
  return apiRequest<DeliveryHealth[]>('/admin/deliveries', { signal });
}

export const deliveryHealthQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.deliveries(),
    queryFn: ({ signal }) => getDeliveryHealth(signal),
  });

export function useDeliveryHealth() {
  return useQuery(deliveryHealthQueryOptions());
}

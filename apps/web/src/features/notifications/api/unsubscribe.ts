import type { unsubscribeResponse } from '@rrc/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseData } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

type Subscription = ResponseData<typeof unsubscribeResponse>;
const path = (token: string) => `/unsubscribe?${new URLSearchParams({ token })}`;

/** Whose alert emails a link stops, and whether they still get them. */
export function getSubscription(token: string, signal?: AbortSignal) {
  return apiRequest<Subscription>(path(token), { signal });
}

export const subscriptionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: ({ signal }) => getSubscription(token, signal),
    retry: false,
  });

export function useSubscription(token: string) {
  return useQuery(subscriptionQueryOptions(token));
}

export function unsubscribe(token: string) {
  return apiRequest<Subscription>(path(token), { method: 'POST' });
}

export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSuccess: (answer, token) => client.setQueryData(notificationKeys.unsubscribe(token), answer),
  });
}

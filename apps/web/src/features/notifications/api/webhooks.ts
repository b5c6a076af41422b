import type { Webhook, webhookBody, webhookCreatedResponse } from '@rrc/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type ResponseData } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export function getWebhooks(signal?: AbortSignal) {
  return apiRequest<Webhook[]>('/webhooks', { signal });
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.webhooks(), queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

/** Adds a webhook; the answer holds its signing secret, shown once. */
export function addWebhook(body: z.input<typeof webhookBody>) {
  return apiRequest<ResponseData<typeof webhookCreatedResponse>>('/webhooks', { method: 'POST', body });
}

export function deleteWebhook(id: number) {
  return apiRequest<{ removed: true }>(`/webhooks/${id}`, { method: 'DELETE' });
}

/** Queues a test call to the webhook. */
export function testWebhook(id: number) {
  return apiRequest<{ queued: true }>(`/webhooks/${id}/test`, { method: 'POST' });
}

function useWebhookMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.webhooks() }),
  });
}

export const useAddWebhook = () => useWebhookMutation(addWebhook);
export const useDeleteWebhook = () => useWebhookMutation(deleteWebhook);
export const useTestWebhook = () => useMutation({ mutationFn: testWebhook });

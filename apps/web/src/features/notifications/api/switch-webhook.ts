import type { alertWebhookResponse, Webhook, webhookUpdateBody } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type ResponseData } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** Turns a webhook back on (after a pause or a failure, its reason is cleared) or off; only its owner may. */
export function switchWebhook({ id, ...body }: { id: number } & z.input<typeof webhookUpdateBody>) {
  return apiRequest<ResponseData<typeof alertWebhookResponse>>(`/webhooks/${id}`, { method: 'PATCH', body });
}

export function useSwitchWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: switchWebhook,
    onSuccess: (hook) =>
      client.setQueryData<Webhook[]>(notificationKeys.webhooks(), (hooks) =>
        hooks?.map((each) => (each.id === hook.id ? hook : each)),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.webhooks() }),
  });
}

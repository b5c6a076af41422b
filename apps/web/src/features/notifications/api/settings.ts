import type { NotificationSettings, notificationSettingsBody } from '@rrc/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** Email, digest, private feed and failed deliveries. */
export function getNotificationSettings(signal?: AbortSignal) {
  return apiRequest<NotificationSettings>('/notification-settings', { signal });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

export function saveNotificationSettings(body: z.input<typeof notificationSettingsBody>) {
  return apiRequest<NotificationSettings>('/notification-settings', { method: 'PUT', body });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (settings) => client.setQueryData(notificationKeys.settings(), settings),
  });
}

/** A new private feed address; the old one stops working. */
export function regenerateFeed() {
  return apiRequest<{ feed_url: string }>('/notification-settings/feed-token', { method: 'POST' });
}

export function useRegenerateFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateFeed,
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.settings() }),
  });
}

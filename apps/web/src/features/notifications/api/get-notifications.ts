import type { NotificationPage } from '@rrc/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export const NOTIFICATIONS_PER_PAGE = 20;

/** The reader's notifications, newest first, with how many are unread. */
export function getNotifications(
  query: { unread: boolean; page: number; limit?: number },
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({
    page: String(query.page),
    limit: String(query.limit ?? NOTIFICATIONS_PER_PAGE),
    ...(query.unread ? { unread: 'true' } : {}),
  });
  return apiRequest<NotificationPage>(`/notifications?${params}`, { signal });
}

export const notificationsQueryOptions = (query: { unread: boolean; page: number }) =>
  queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(query: { unread: boolean; page: number }) {
  return useQuery(notificationsQueryOptions(query));
}

/** The bell's count: asked for again every minute and when the window comes back into focus. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) =>
      (await getNotifications({ unread: true, page: 1, limit: 1 }, signal)).unread,
    refetchInterval: 60_000,
  });

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}

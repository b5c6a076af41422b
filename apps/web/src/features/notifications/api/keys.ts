/** Query keys of alerts: notifications, watches, settings and webhooks. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: { unread: boolean; page: number }) => [...notificationKeys.all, 'list', query] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  watches: () => ['watches'] as const,
  watch: (royalroadId: number) => [...notificationKeys.watches(), royalroadId] as const,
  settings: () => ['notification-settings'] as const,
  webhooks: () => ['webhooks'] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};

/**
 * Query keys of the author's desk. A fiction's start with `['fiction', royalroadId]` like everything else read
 * about it, so a finished refresh of the fiction refreshes them too.
 */
export const authorKeys = {
  claim: (royalroadId: number) => ['fiction', royalroadId, 'claim'] as const,
  events: (royalroadId: number) => ['fiction', royalroadId, 'author-events'] as const,
  desk: () => ['desk'] as const,
  week: () => ['desk', 'week'] as const,
};

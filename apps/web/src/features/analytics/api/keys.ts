import type { AnalyticsRange } from '@rrc/contract';

/**
 * Query keys of analytics. A fiction's start with `['fiction', royalroadId]` like everything else read about
 * it, so a finished refresh or scrape of the fiction refreshes them too.
 */
export const analyticsKeys = {
  fiction: (royalroadId: number, range: AnalyticsRange) =>
    ['fiction', royalroadId, 'analytics', range] as const,
  projection: (royalroadId: number) => ['fiction', royalroadId, 'projection'] as const,
  events: (royalroadId: number) => ['fiction', royalroadId, 'events'] as const,
  comparison: (royalroadIds: readonly number[], align: string) =>
    ['compare', royalroadIds.join(','), align] as const,
};

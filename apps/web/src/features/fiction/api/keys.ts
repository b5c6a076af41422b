/**
 * Query keys of the fiction page. Everything read about one fiction starts with `fiction(royalroadId)`, so a
 * finished refresh or scrape refreshes all of it at once.
 */
export const fictionKeys = {
  all: ['fiction'] as const,
  fiction: (royalroadId: number) => [...fictionKeys.all, royalroadId] as const,
  history: (royalroadId: number) => [...fictionKeys.fiction(royalroadId), 'history'] as const,
  refresh: (royalroadId: number) => [...fictionKeys.fiction(royalroadId), 'refresh'] as const,
  /** Its Rising Stars places, by its id on this site (they change only with a new capture). */
  risingStars: (fictionId: number | undefined) => [...fictionKeys.all, 'rising-stars', fictionId] as const,
};

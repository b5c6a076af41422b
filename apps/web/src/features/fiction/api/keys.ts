/** Query keys of the fiction page; everything about one fiction starts with ['fiction', royalroadId]. */
export const fictionKeys = {
  fiction: (royalroadId: number) => ['fiction', royalroadId] as const,
  refresh: (royalroadId: number) => ['fiction', royalroadId, 'refresh'] as const,
};

import type { MoverWindow } from '@rrc/contract';

/** Query keys of Browse and the movers. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  /** One search, by its query string (the same as the page's address). */
  search: (query: string) => [...discoveryKeys.all, 'search', query] as const,
  movers: (window: MoverWindow, genre: string | null) =>
    [...discoveryKeys.all, 'movers', window, genre] as const,
};

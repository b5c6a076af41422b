/** Query keys of the reading list, so mutations can refresh exactly what they change. */
export const readingListKeys = {
  all: ['reading-list'] as const,
  favorites: () => [...readingListKeys.all, 'favorites'] as const,
  everything: () => [...readingListKeys.all, 'all'] as const,
  stats: () => [...readingListKeys.all, 'stats'] as const,
  badges: (fictionIds: readonly number[]) =>
    ['rising-stars', 'badges', [...fictionIds].sort((a, b) => a - b).join(',')] as const,
};

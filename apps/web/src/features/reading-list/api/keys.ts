/** Query keys of the reading list, so a change refreshes exactly what it changes. */
export const readingListKeys = {
  /** Everything a change to the list can change. */
  all: ['reading-list'] as const,
  favorites: () => [...readingListKeys.all, 'favorites'] as const,
  everything: () => [...readingListKeys.all, 'all'] as const,
  stats: () => [...readingListKeys.all, 'stats'] as const,
  /** Outside `all`: a change to the list moves no fiction on Rising Stars. */
  badges: (fictionIds: readonly number[]) =>
    ['reading-list-badges', [...fictionIds].sort((a, b) => a - b).join(',')] as const,
};

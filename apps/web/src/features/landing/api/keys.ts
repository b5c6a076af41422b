/** Query keys of the landing page's lists. */
export const landingKeys = {
  all: ['landing'] as const,
  topRisingStars: () => [...landingKeys.all, 'rising-stars-top'] as const,
  popularOnSite: () => [...landingKeys.all, 'popular-by-users'] as const,
};

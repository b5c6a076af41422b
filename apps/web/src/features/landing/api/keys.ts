/** Query keys of the landing page's lists. */
export const landingKeys = {
  topRisingStars: () => ['landing', 'rising-stars-top'] as const,
  popularOnSite: () => ['landing', 'popular-by-users'] as const,
};

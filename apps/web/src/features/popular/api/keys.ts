/** Query keys of the page of Royal Road's popular fictions. */
export const popularKeys = {
  all: ['royalroad-popular'] as const,
};

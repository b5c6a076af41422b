import type { FavoritesPage } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

/** The whole favorites list (up to 1,000), in the reader's order, as their cards show them. */
export async function getFavorites(signal?: AbortSignal) {
  return (await apiRequest<FavoritesPage>('/userFictions/favorites?limit=1000', { signal })).userFictions;
}

export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: readingListKeys.favorites(),
    queryFn: ({ signal }) => getFavorites(signal),
  });

export function useFavorites() {
  return useQuery(favoritesQueryOptions());
}

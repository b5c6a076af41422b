import { useMutation } from '@tanstack/react-query';
import { getFavorites } from './get-favorites.ts';
import { reorderFavorites } from './reorder-favorites.ts';
import { toggleFavorite } from './toggle-favorite.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/**
 * Makes a fiction a favorite again where it was (`position`, counted from 0 among the favorites): the server
 * puts a new favorite last, so the order is saved again with the fiction back in its place.
 */
export async function restoreFavorite({ fictionId, position }: { fictionId: number; position: number }) {
  await toggleFavorite(fictionId);
  const favorites = await getFavorites();
  const restored = favorites.find((entry) => entry.fiction_id === fictionId);
  if (!restored) return;
  const others = favorites.filter((entry) => entry.fiction_id !== fictionId);
  const ordered = [...others.slice(0, position), restored, ...others.slice(position)];
  if (ordered.every((entry, index) => entry.fiction_id === favorites[index]?.fiction_id)) return;
  await reorderFavorites(ordered);
}

export function useRestoreFavorite() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: restoreFavorite, onSettled: invalidate });
}

import type { FavoriteEntry, reorderBody } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

/** Saves the favorites in a new order (the answer repeats the order, which the list already shows). */
export async function reorderFavorites(ordered: FavoriteEntry[]): Promise<void> {
  const body: z.input<typeof reorderBody> = { fictionIds: ordered.map((entry) => entry.fiction_id) };
  await apiRequest('/userFictions/favorites/reorder', { method: 'POST', body });
}

/** The list shows the new order at once; when the save fails it goes back to the previous order. */
export function useReorderFavorites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderFavorites,
    onMutate: async (ordered) => {
      await client.cancelQueries({ queryKey: readingListKeys.favorites() });
      const previous = client.getQueryData<FavoriteEntry[]>(readingListKeys.favorites());
      client.setQueryData(readingListKeys.favorites(), ordered);
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) client.setQueryData(readingListKeys.favorites(), context.previous);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: readingListKeys.everything() }),
  });
}

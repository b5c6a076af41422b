import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toggleFavorite } from './toggle-favorite.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/**
 * Takes a fiction off the list (its answer says only that it is gone). The server keeps favorites from being
 * removed by accident, so a favorite the reader chose to remove is unfavorited first.
 */
export async function removeFiction({ fictionId, isFavorite }: { fictionId: number; isFavorite: boolean }) {
  if (isFavorite) await toggleFavorite(fictionId);
  await apiRequest(`/userFictions/${fictionId}`, { method: 'DELETE' });
}

export function useRemoveFiction() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: removeFiction, onSettled: invalidate });
}

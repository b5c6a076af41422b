import type { UserFiction } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/** Makes a listed fiction a favorite, or no longer one (adding it to the list when it is not there). */
export function toggleFavorite(fictionId: number) {
  return apiRequest<UserFiction>(`/userFictions/${fictionId}/favorite`, { method: 'POST' });
}

export function useToggleFavorite() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: toggleFavorite, onSettled: invalidate });
}

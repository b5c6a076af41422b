import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/** Takes a fiction off the list (its answer says only that it is gone). */
export async function removeFiction(fictionId: number): Promise<void> {
  await apiRequest(`/userFictions/${fictionId}`, { method: 'DELETE' });
}

export function useRemoveFiction() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: removeFiction, onSettled: invalidate });
}

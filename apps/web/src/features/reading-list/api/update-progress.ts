import type { UserFiction } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/** Sets how far the reader has got in a fiction of the list (by the entry's id). */
export function updateProgress(input: { id: number; currentChapter: number; totalChapters: number }) {
  return apiRequest<UserFiction>(`/userFictions/${input.id}/progress`, {
    method: 'PUT',
    body: { currentChapter: input.currentChapter, totalChapters: input.totalChapters },
  });
}

export function useUpdateProgress() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: updateProgress, onSuccess: invalidate });
}

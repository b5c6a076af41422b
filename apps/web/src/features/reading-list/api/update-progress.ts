import type { progressBody, UserFiction } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/** Sets how far the reader has got in a fiction of the list (by the entry's id). */
export function updateProgress(input: { id: number } & z.input<typeof progressBody>) {
  const body: z.input<typeof progressBody> = {
    currentChapter: input.currentChapter,
    totalChapters: input.totalChapters,
  };
  return apiRequest<UserFiction>(`/userFictions/${input.id}/progress`, { method: 'PUT', body });
}

export function useUpdateProgress() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: updateProgress, onSuccess: invalidate });
}

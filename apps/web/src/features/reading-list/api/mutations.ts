import type { AddFictionResult, ReadingStatus, UserFiction } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingListKeys } from './keys.ts';

function useInvalidateList() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: readingListKeys.all });
}

export function useAddFiction() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (url: string) =>
      apiRequest<AddFictionResult>('/royalroad/add-fiction', { method: 'POST', body: { url } }),
    onSuccess: invalidate,
  });
}

export function useToggleFavorite() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (fictionId: number) =>
      apiRequest<UserFiction>(`/userFictions/${fictionId}/favorite`, { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useRemoveFiction() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (fictionId: number) =>
      apiRequest<{ removed: true }>(`/userFictions/${fictionId}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useUpdateStatus() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (input: { id: number; status: ReadingStatus }) =>
      apiRequest<UserFiction>(`/userFictions/${input.id}`, { method: 'PUT', body: { status: input.status } }),
    onSuccess: invalidate,
  });
}

export function useUpdateProgress() {
  const invalidate = useInvalidateList();
  return useMutation({
    mutationFn: (input: { id: number; currentChapter: number; totalChapters: number }) =>
      apiRequest<UserFiction>(`/userFictions/${input.id}/progress`, {
        method: 'PUT',
        body: { currentChapter: input.currentChapter, totalChapters: input.totalChapters },
      }),
    onSuccess: invalidate,
  });
}

/**
 * Saves a new favorites order. The list shows the new order at once; when the
 * save fails it goes back to the previous order.
 */
export function useReorderFavorites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ordered: UserFiction[]) =>
      apiRequest<{ fictionIds: number[] }>('/userFictions/favorites/reorder', {
        method: 'POST',
        body: { fictionIds: ordered.map((entry) => entry.fiction_id) },
      }),
    onMutate: async (ordered) => {
      await client.cancelQueries({ queryKey: readingListKeys.favorites() });
      const previous = client.getQueryData<UserFiction[]>(readingListKeys.favorites());
      client.setQueryData(readingListKeys.favorites(), ordered);
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) client.setQueryData(readingListKeys.favorites(), context.previous);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: readingListKeys.everything() }),
  });
}

import type { AddFictionResult } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/** Adds a fiction by its Royal Road link (read from Royal Road when the site has not seen it yet). */
export function addFiction(url: string) {
  return apiRequest<AddFictionResult>('/royalroad/add-fiction', { method: 'POST', body: { url } });
}

export function useAddFiction() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: addFiction, onSuccess: invalidate });
}

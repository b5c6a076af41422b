import type { AddFictionResult, addFictionBody } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/** Adds a fiction by its Royal Road link (read from Royal Road when the site has not seen it yet). */
export function addFiction(url: string) {
  const body: z.input<typeof addFictionBody> = { url };
  return apiRequest<AddFictionResult>('/royalroad/add-fiction', { method: 'POST', body });
}

export function useAddFiction() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: addFiction, onSuccess: invalidate });
}

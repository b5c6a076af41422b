import type { UserFiction, updateUserFictionBody } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/** Sets the reading status of an entry of the list (by the entry's id). */
export function updateStatus(input: { id: number } & z.input<typeof updateUserFictionBody>) {
  const body: z.input<typeof updateUserFictionBody> = { status: input.status };
  return apiRequest<UserFiction>(`/userFictions/${input.id}`, { method: 'PUT', body });
}

export function useUpdateStatus() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: updateStatus, onSuccess: invalidate });
}

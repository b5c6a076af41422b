import type { ReadingStatus, UserFiction } from '@rrc/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidateList } from './use-invalidate-list.ts';

/** Sets the reading status of an entry of the list (by the entry's id). */
export function updateStatus(input: { id: number; status: ReadingStatus }) {
  return apiRequest<UserFiction>(`/userFictions/${input.id}`, {
    method: 'PUT',
    body: { status: input.status },
  });
}

export function useUpdateStatus() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: updateStatus, onSuccess: invalidate });
}

import type { markReadResponse } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseData } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

type Marked = ResponseData<typeof markReadResponse>;

/** Marks some notifications read, or all of them. */
export function markRead(which: number[] | 'all') {
  return apiRequest<Marked>('/notifications/read', {
    method: 'POST',
    body: which === 'all' ? { all: true } : { ids: which },
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

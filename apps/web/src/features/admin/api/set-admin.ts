import type { AdminUserRow, AdminUsersResponse } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** Grants or revokes admin rights; every loaded page of the user list shows the changed row at once. */
export function useSetAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; admin: boolean }) =>
      apiRequest<AdminUserRow>(`/admin/users/${input.id}/admin`, {
        method: 'PUT',
        body: { admin: input.admin },
      }),
    onSuccess: (row) => {
      client.setQueriesData<AdminUsersResponse>({ queryKey: adminKeys.users }, (page) =>
        page ? { ...page, data: page.data.map((each) => (each.id === row.id ? row : each)) } : page,
      );
    },
  });
}

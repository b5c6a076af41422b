import type { AdminUserRow, setAdminBody } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { getAdminUsers } from './get-users.ts';
import { adminKeys } from './keys.ts';

/** Grants or revokes an account's admin rights. */
export function setAdmin(input: { id: number } & z.input<typeof setAdminBody>) {
  const body: z.input<typeof setAdminBody> = { admin: input.admin };
  return apiRequest<AdminUserRow>(`/admin/users/${input.id}/admin`, { method: 'PUT', body });
}

/** Every loaded page of the user list shows the changed row at once. */
export function useSetAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAdmin,
    onSuccess: (row) => {
      client.setQueriesData<Awaited<ReturnType<typeof getAdminUsers>>>(
        { queryKey: adminKeys.users() },
        (page) =>
          page ? { ...page, data: page.data.map((each) => (each.id === row.id ? row : each)) } : page,
      );
    },
  });
}

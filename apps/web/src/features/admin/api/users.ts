import type { AdminUsersResponse } from '@rrc/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

const FALLBACK = 'Failed to load users';

export type UserOrder = 'desc' | 'asc';
export interface AdminUsersParams {
  page: number;
  q: string;
  /** By account creation time: newest first (desc) or oldest first (asc). */
  order: UserOrder;
}

/** Admin users, with the failure texts SPEC §8 gives for this screen. */
export async function fetchAdminUsers(
  params: AdminUsersParams,
  signal?: AbortSignal,
): Promise<AdminUsersResponse> {
  const search = new URLSearchParams({
    page: String(params.page),
    limit: '20',
    sort: 'created_at',
    order: params.order,
  });
  if (params.q) search.set('q', params.q);
  let response: Response;
  try {
    response = await apiFetch(`/admin/users?${search}`, { signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(FALLBACK);
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  const body: unknown = await response.json().catch(() => null);
  const reply = body as Partial<AdminUsersResponse> & { error?: unknown };
  if (reply?.success !== true || !Array.isArray(reply.data)) {
    throw new Error(typeof reply?.error === 'string' && reply.error ? reply.error : FALLBACK);
  }
  return reply as AdminUsersResponse;
}

export function adminUsersQuery(params: AdminUsersParams) {
  return queryOptions({
    queryKey: [...adminKeys.users, params],
    queryFn: ({ signal }) => fetchAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQuery(params));
}

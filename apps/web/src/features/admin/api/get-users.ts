import type { AdminUserRow, adminUsersQuery } from '@rrc/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequestPage, type Failure } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

const FALLBACK = 'Failed to load users';

export type UserOrder = z.output<typeof adminUsersQuery>['order'];
export interface AdminUsersParams {
  page: number;
  q: string;
  /** By account creation time: newest first (desc) or oldest first (asc). */
  order: UserOrder;
}

/**
 * SPEC §8 gives this screen its own texts: a refusal says 'HTTP {status}: {statusText}', an answer that is
 * not a success says the server's error (else 'Failed to load users'), and so does an unreachable server.
 */
function inThisScreensWords({ status, statusText, serverError }: Failure): string {
  if (status === 0) return FALLBACK;
  if (status < 200 || status > 299) return `HTTP ${status}: ${statusText}`;
  return serverError ?? FALLBACK;
}

/** One page of the accounts, 20 at a time, searched by email or name. */
export function getAdminUsers(params: AdminUsersParams, signal?: AbortSignal) {
  const search = new URLSearchParams({
    page: String(params.page),
    limit: '20',
    sort: 'created_at',
    order: params.order,
  });
  if (params.q) search.set('q', params.q);
  return apiRequestPage<AdminUserRow>(`/admin/users?${search}`, {
    signal,
    describeFailure: inThisScreensWords,
  });
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params));
}

import type { PopularFiction } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Failure } from '../../../lib/api-client.ts';
import { popularKeys } from './keys.ts';

/** SPEC §8 gives this list its own texts: the server's error text, else its message, else this. */
const inThisListsWords = ({ serverError, serverMessage }: Failure) =>
  serverError ?? serverMessage ?? 'Failed to load popular fictions';

/** Royal Road's list of active popular fictions, as the site last read it. */
export function getPopular(signal?: AbortSignal) {
  return apiRequest<PopularFiction[]>('/royalroad/popular', { signal, describeFailure: inThisListsWords });
}

export const popularQueryOptions = () =>
  queryOptions({
    queryKey: popularKeys.all,
    queryFn: ({ signal }) => getPopular(signal),
    retry: false,
  });

export function usePopular() {
  return useQuery(popularQueryOptions());
}

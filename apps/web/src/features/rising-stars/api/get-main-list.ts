import type { MainList } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { risingStarsKeys } from './keys.ts';

/** Captures happen four times a day: looking again every ten minutes shows a new one soon after it lands. */
const REFRESH_MS = 10 * 60_000;

/** The main list at the latest capture, with each fiction's movement, best position and days on the list. */
export function getMainList(signal?: AbortSignal) {
  return apiRequest<MainList>('/rising-stars-main', { signal });
}

export const mainListQueryOptions = () =>
  queryOptions({
    queryKey: risingStarsKeys.mainList(),
    queryFn: ({ signal }) => getMainList(signal),
    refetchInterval: REFRESH_MS,
  });

export function useMainList() {
  return useQuery(mainListQueryOptions());
}

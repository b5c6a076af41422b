import type { risingStarsRangeResponse } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseData } from '../../../lib/api-client.ts';
import { type ReplayWindow, risingStarsKeys } from './keys.ts';

/** Every capture of one list from the start of `from` to the end of `to`. */
export function getReplay({ genre, from, to }: ReplayWindow, signal?: AbortSignal) {
  return apiRequest<ResponseData<typeof risingStarsRangeResponse>>(
    `/rising-stars?genre=${encodeURIComponent(genre)}&startDate=${from}&endDate=${to}T23:59:59Z`,
    { signal },
  );
}

/** Asked once both days are known. */
export const replayQueryOptions = (window: ReplayWindow) =>
  queryOptions({
    queryKey: risingStarsKeys.replay(window),
    enabled: Boolean(window.from && window.to),
    queryFn: ({ signal }) => getReplay(window, signal),
  });

export function useReplay(window: ReplayWindow) {
  return useQuery(replayQueryOptions(window));
}

import type { latestScrapeResponse } from '@rrc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseData } from '../../../lib/api-client.ts';
import { risingStarsKeys } from './keys.ts';

/** When the latest Rising Stars capture ran, and which genre lists it holds. */
export function getLatestCapture(signal?: AbortSignal) {
  return apiRequest<ResponseData<typeof latestScrapeResponse>>('/rising-stars-position/latest-scrape', {
    signal,
  });
}

export const latestCaptureQueryOptions = () =>
  queryOptions({
    queryKey: risingStarsKeys.latestCapture(),
    queryFn: ({ signal }) => getLatestCapture(signal),
  });

export function useLatestCapture() {
  return useQuery(latestCaptureQueryOptions());
}

import { apiDownload, type DownloadProgress } from '../../../lib/api-download.ts';

/** A fiction's statistics and Rising Stars places over time as a ZIP (signed-in readers). */
export function downloadFiction(royalroadId: number, onProgress?: DownloadProgress) {
  return apiDownload(`/fictions/${royalroadId}/export`, { onProgress });
}

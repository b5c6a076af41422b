import { apiDownload, type DownloadProgress } from '../../../lib/api-download.ts';

/** The name to save the list under when the server names none. */
export const LIST_EXPORT_FILENAME = 'my-fictions.zip';

/** The whole list as a ZIP: every entry, and the history and Rising Stars places of every fiction in it. */
export function downloadList(onProgress?: DownloadProgress) {
  return apiDownload('/userFictions/export', { onProgress });
}

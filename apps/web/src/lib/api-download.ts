import { ApiError, isAbort, send } from './api-client.ts';

/** A file the API sent, with the name it suggested (null when it named none). */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/** Bytes received so far, and the whole size when the server announced it. */
export type DownloadProgress = (received: number, total: number | null) => void;

/** The file name of a Content-Disposition header: the UTF-8 name (RFC 6266) when given, else the plain one. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed name: the plain one below will do.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * Downloads a file from `/api{path}` with the stored token, reporting progress as the bytes arrive. A refusal or
 * an unreachable server is an ApiError worded as for apiRequest (a 401 still ends the session); a file cut off
 * midway says the download was interrupted.
 */
export async function apiDownload(
  path: string,
  options: { onProgress?: DownloadProgress; signal?: AbortSignal } = {},
): Promise<ApiFile> {
  const { response } = await send(path, { signal: options.signal }, 'file');
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        options.onProgress?.(received, total);
      }
    } else {
      chunks.push(new Uint8Array(await response.arrayBuffer()));
    }
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, 'The download was interrupted. Please try again.', null);
  }
  return {
    blob: new Blob(chunks, { type }),
    filename: dispositionFilename(response.headers.get('content-disposition')),
  };
}

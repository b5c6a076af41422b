import type { Pagination } from '@rrc/contract';
import { messageForFailure } from '@rrc/contract/rules';
import { sessionStore } from './session-store.ts';

/** A failed API call, carrying the message to show (SPEC §8) and the HTTP status (0 for network failures). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own error text, when it sent one. */
  readonly serverError: string | null;
  constructor(status: number, message: string, serverError: string | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverError = serverError;
  }
}

/** Receives the token the rejected request carried (null when it carried none). */
type UnauthorizedHandler = (rejectedToken: string | null) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Called on every 401 reply; the session provider sets it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Whether the browser's cookies go along; said outright where a call needs them. */
  credentials?: RequestCredentials;
}

/**
 * A raw call to `/api{path}` with the stored token, for screens whose failure
 * texts differ from the catalogue (SPEC §8, admin users). A 401 still ends the session.
 */
export async function apiFetch(path: string, init: { signal?: AbortSignal } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionStore.token();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`/api${path}`, { headers, signal: init.signal, cache: 'no-cache' });
  if (response.status === 401) onUnauthorized?.(token);
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * Calls `/api{path}` with the stored bearer token and returns `data` of a
 * successful reply, typed by the contract (the server validates every response
 * against the same schemas). Every failure becomes an ApiError whose message
 * follows SPEC §8.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options)).data as T;
}

/** Like apiRequest, for lists that answer `{ success: true, data: [...], pagination }`. */
export async function apiRequestPage<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T[]; pagination: Pagination }> {
  const payload = await send(path, options);
  return { data: payload.data as T[], pagination: payload.pagination as Pagination };
}

async function send(
  path: string,
  options: RequestOptions,
): Promise<{ success: true; data?: unknown; pagination?: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionStore.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      // Always ask the server: public answers carry an ETag, so an unchanged one costs a 304.
      cache: 'no-cache',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.credentials && { credentials: options.credentials }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, messageForFailure({ network: true }), null);
  }

  const payload = (await readJson(response)) as {
    success?: boolean;
    data?: unknown;
    pagination?: unknown;
    error?: unknown;
  } | null;
  if (!response.ok || payload?.success !== true) {
    const serverError = typeof payload?.error === 'string' && payload.error ? payload.error : null;
    if (response.status === 401) onUnauthorized?.(token);
    throw new ApiError(
      response.status,
      messageForFailure({ status: response.status, serverError }),
      serverError,
    );
  }
  return { ...payload, success: true };
}

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
 * Downloads a file from `/api{path}` with the stored token, reporting progress as the bytes arrive. Every
 * failure — refused, cut off midway, unreachable — is an ApiError with the message SPEC §8 gives, as for
 * apiRequest; a 401 still ends the session.
 */
export async function apiDownload(
  path: string,
  options: { onProgress?: DownloadProgress; signal?: AbortSignal } = {},
): Promise<ApiFile> {
  let response: Response;
  try {
    response = await apiFetch(path, { signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, messageForFailure({ network: true }), null);
  }
  if (!response.ok) {
    const payload = (await readJson(response)) as { error?: unknown } | null;
    const serverError = typeof payload?.error === 'string' && payload.error ? payload.error : null;
    throw new ApiError(
      response.status,
      messageForFailure({ status: response.status, serverError }),
      serverError,
    );
  }
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
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The download was interrupted. Please try again.', null);
  }
  return {
    blob: new Blob(chunks, { type }),
    filename: dispositionFilename(response.headers.get('content-disposition')),
  };
}

const CATALOGUED_STATUSES = new Set([0, 429, 500, 503]);

/**
 * The message a screen shows for a failure: the server's text when it sent one,
 * the catalogue text for network failures, 429, 500 and 503, else the screen's own fallback.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverError) return error.serverError;
  return CATALOGUED_STATUSES.has(error.status) ? error.message : fallback;
}

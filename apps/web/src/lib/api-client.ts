import type { Pagination } from '@rrc/contract';
import { messageForFailure } from '@rrc/contract/rules';
import type { z } from 'zod';
import { takePageData } from './page-data.ts';
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

/**
 * A failed call, as a screen with its own failure texts words it (SPEC §8: the admin users' list, the popular
 * list). Every other call uses the catalogue's words.
 */
export interface Failure {
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  statusText: string;
  /** The answer's `error` text, when it sent one. */
  serverError: string | null;
  /** The answer's `message` text, when it sent one. */
  serverMessage: string | null;
}

/** The words a screen shows for a failed call. */
export type DescribeFailure = (failure: Failure) => string;

/** SPEC §8: the server's text, else the catalogue's text for the status (or for a network failure). */
const inCatalogueWords: DescribeFailure = ({ status, serverError }) =>
  messageForFailure(status === 0 ? { network: true } : { status, serverError });

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Whether the browser's cookies go along; said outright where a call needs them. */
  credentials?: RequestCredentials;
  /** The screen's own words for a failure, where SPEC §8 gives it some; else the catalogue's. */
  describeFailure?: DescribeFailure;
}

/**
 * What a response schema of the contract (`{ success: true, data }`) carries in `data`: the answer a fetcher
 * returns, typed by the very schema the server checks its answer against.
 */
export type ResponseData<Schema extends z.ZodType> =
  z.output<Schema> extends { data: infer Data } ? Data : never;

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * Sends a request to `/api{path}` with the stored bearer token (apiRequest's and apiDownload's one way out). A reply that is not OK, or a JSON answer that
 * does not say `success: true`, becomes an ApiError worded by the call's `describeFailure` (else the catalogue);
 * a 401 ends the session of the token it refused. An abort is passed through as it is.
 */
export async function send(
  path: string,
  options: RequestOptions,
  reading: 'envelope' | 'file',
): Promise<{ response: Response; payload: Record<string, unknown> | null }> {
  const describe = options.describeFailure ?? inCatalogueWords;
  if ((options.method ?? 'GET') === 'GET' && reading === 'envelope') {
    const carried = takePageData(path);
    if (carried) return { response: new Response(null, { status: 200 }), payload: carried };
  }
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
    if (isAbort(error)) throw error;
    const failure = { status: 0, statusText: '', serverError: null, serverMessage: null };
    throw new ApiError(0, describe(failure), null);
  }

  // A file is read as it arrives; only a refusal is read as JSON.
  if (reading === 'file' && response.ok) return { response, payload: null };
  const payload = (await readJson(response)) as Record<string, unknown> | null;
  if (!response.ok || payload?.success !== true) {
    const serverError = text(payload?.error);
    if (response.status === 401) onUnauthorized?.(token);
    const failure = {
      status: response.status,
      statusText: response.statusText,
      serverError,
      serverMessage: text(payload?.message),
    };
    throw new ApiError(response.status, describe(failure), serverError);
  }
  return { response, payload };
}

/**
 * Calls `/api{path}` and returns `data` of a successful reply, typed by the contract (the server validates
 * every response against the same schemas). Every failure becomes an ApiError whose message follows SPEC §8.
 * This is the one way the web app calls the API: each endpoint's fetcher goes through it.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options, 'envelope')).payload?.data as T;
}

/** Like apiRequest, for lists that answer `{ success: true, data: [...], pagination }`. */
export async function apiRequestPage<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T[]; pagination: Pagination }> {
  const { payload } = await send(path, options, 'envelope');
  return { data: payload?.data as T[], pagination: payload?.pagination as Pagination };
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

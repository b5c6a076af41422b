import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, storeSession } from '../test/render.tsx';
import { ApiError, setUnauthorizedHandler } from './api-client.ts';
import { apiDownload, dispositionFilename } from './api-download.ts';

const SERVICE_UNAVAILABLE = 'Service temporarily unavailable. Please try again later.';
const UNEXPECTED = 'An unexpected error occurred. Please try again later.';
const TOO_MANY = 'Too many requests. Please wait a moment and try again.';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('apiDownload', () => {
  it('saves under the title the server named, in any script', async () => {
    mockApi({
      'GET /api/fictions/1/export': () =>
        new Response('zip', {
          headers: {
            'content-disposition': `attachment; filename="____-2026-11-21.zip"; filename*=UTF-8''${encodeURIComponent('龍の道-2026-11-21.zip')}`,
          },
        }),
    });
    expect((await apiDownload('/fictions/1/export')).filename).toBe('龍の道-2026-11-21.zip');
  });

  it('falls back to the plain name, and to none', () => {
    expect(dispositionFilename('attachment; filename="list.zip"')).toBe('list.zip');
    expect(dispositionFilename(`attachment; filename="list.zip"; filename*=UTF-8''%E0%A4%A`)).toBe(
      'list.zip',
    );
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });

  it('ends the session on a 401 and says so in the catalogue words', async () => {
    storeSession(null, 'expired-token');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockApi({
      'GET /api/userFictions/export': () => failure(401, 'Your session has expired. Please sign in again.'),
    });

    const error = await apiDownload('/userFictions/export').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Your session has expired. Please sign in again.');
    expect(handler).toHaveBeenCalledWith('expired-token');
  });

  it.each([
    [503, SERVICE_UNAVAILABLE],
    [500, UNEXPECTED],
    [429, TOO_MANY],
  ])('gives the catalogue text for a bare %i', async (status, message) => {
    mockApi({ 'GET /api/userFictions/export': () => failure(status) });
    await expect(apiDownload('/userFictions/export')).rejects.toThrow(message);
  });

  it('says the download was interrupted when the file stops arriving midway, after reporting its progress', async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new TypeError('network error'));
        else controller.enqueue(new Uint8Array(2048));
        sent = true;
      },
    });
    mockApi({
      'GET /api/userFictions/export': () => new Response(body, { headers: { 'content-length': '4096' } }),
    });
    const progress: Array<[number, number | null]> = [];

    const error = await apiDownload('/userFictions/export', {
      onProgress: (received, total) => progress.push([received, total]),
    }).catch((e: unknown) => e);

    expect(progress).toEqual([[2048, 4096]]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The download was interrupted. Please try again.');
  });
});

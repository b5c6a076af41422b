import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOUDFLARE_PAGE } from '@rrc/fakes/royalroad';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile } from '../../test/hooks.ts';
import { DEFAULT_MAX_BYTES, RoyalRoadClient, retryAfterMs } from './client.ts';
import { isRoyalRoadError, type RoyalRoadError } from './errors.ts';
import { INTERACTIVE, SCHEDULED } from './request-queues.ts';

const fake = fakeRoyalRoadForFile();

function client(overrides: Partial<ConstructorParameters<typeof RoyalRoadClient>[0]> = {}) {
  return new RoyalRoadClient({
    baseUrl: fake.url,
    intervalMs: 0,
    userAgent: 'RRCompanion/1.0 (+http://localhost:3000/about)',
    backoffMs: 20,
    timeoutMs: 2_000,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<RoyalRoadError> {
  try {
    await promise;
  } catch (error) {
    if (isRoyalRoadError(error)) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('Royal Road client', () => {
  it('never sends two requests closer than the interval, even when asked all at once from both queues', async () => {
    const polite = client({ intervalMs: 80 });
    await Promise.all(
      ['/fiction/192682', '/fictions/rising-stars', '/fictions/best-rated', '/fiction/192682'].map(
        (path, index) => polite.get(path, index % 2 ? SCHEDULED : INTERACTIVE),
      ),
    );
    const times = fake.requests.map((request) => request.at);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(80);
  });

  it('names the app and where to find it in the User-Agent', async () => {
    await client().get('/fiction/192682', SCHEDULED);
    expect(fake.requests[0]?.userAgent).toBe('RRCompanion/1.0 (+http://localhost:3000/about)');
  });

  it('waits out a 429 with Retry-After and tries again', async () => {
    fake.behave({ path: '/fiction/192682', status: 429, retryAfter: 1, times: 1 });
    const page = await client().get('/fiction/192682', SCHEDULED);
    expect(page.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('backs off and retries a 503, then succeeds', async () => {
    fake.behave({ path: '/fiction/192682', status: 503, times: 2 });
    const page = await client().get('/fiction/192682', SCHEDULED);
    expect(page.html).toContain('Reborn as a Demonic Rock');
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after its attempts on a page that keeps failing', async () => {
    fake.behave({ path: '/fiction/192682', status: 500 });
    const error = await failure(client({ maxAttempts: 3 }).get('/fiction/192682', SCHEDULED));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(fake.requests).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than it allows', async () => {
    fake.behave({ path: '/fiction/192682', status: 429, retryAfter: 3600 });
    const error = await failure(client({ maxWaitMs: 1000 }).get('/fiction/192682', SCHEDULED));
    expect(error.message).toMatch(/asked us to wait 3600 s/);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a missing fiction without retrying', async () => {
    const error = await failure(client().get('/fiction/999999999', SCHEDULED));
    expect(error.kind).toBe('not-found');
    expect(fake.requests).toHaveLength(1);
  });

  it('recognises a Cloudflare challenge and does not retry it', async () => {
    fake.behave({ path: '/fiction/192682', page: 'cloudflare' });
    const error = await failure(client().get('/fiction/192682', SCHEDULED));
    expect(error.kind).toBe('cloudflare');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a page that does not answer', async () => {
    fake.behave({ path: '/fiction/192682', delayMs: 1_000 });
    const error = await failure(client({ timeoutMs: 100, maxAttempts: 2 }).get('/fiction/192682', SCHEDULED));
    expect(error.kind).toBe('timeout');
    expect(fake.requests).toHaveLength(2);
  });
});

/** A small HTTP server of the test's own, for answers the fake does not give; closed after each test. */
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.on('error', () => {});
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>A page</title></head><body>${body}</body></html>`;

describe('a Cloudflare challenge is told by the answer, never by words in a page', () => {
  it('a page that talks about challenges.cloudflare.com and window._cf_chl_opt is an ordinary page', async () => {
    const words = page(
      '<p>Stuck? https://challenges.cloudflare.com/ window._cf_chl_opt Just a moment...</p>',
    );
    const site = await serve((_request, response) => response.writeHead(200).end(words));
    expect((await client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED)).html).toBe(words);
  });

  it('a 403 with cf-mitigated: challenge is one, whatever its page', async () => {
    const site = await serve((_request, response) =>
      response.writeHead(403, { 'cf-mitigated': 'challenge' }).end('<html></html>'),
    );
    expect((await failure(client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED))).kind).toBe(
      'cloudflare',
    );
  });

  it("a 503 whose page is Cloudflare's challenge page is one, even without the header", async () => {
    const site = await serve((_request, response) => response.writeHead(503).end(CLOUDFLARE_PAGE));
    const error = await failure(client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED));
    expect(error.kind).toBe('cloudflare');
    expect(site.asked).toHaveLength(1);
  });

  it('a 403 that mentions the challenge in its text is an ordinary refusal', async () => {
    const site = await serve((_request, response) =>
      response.writeHead(403).end(page('<p>challenges.cloudflare.com window._cf_chl_opt</p>')),
    );
    const error = await failure(client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(403);
  });

  it('a 403 whose page is nested absurdly deep is an ordinary refusal, told without building its tree', async () => {
    const deep = `${'<div>'.repeat(200_000)}${'</div>'.repeat(200_000)}`;
    const site = await serve((_request, response) => response.writeHead(403).end(page(deep)));
    const started = performance.now();
    const error = await failure(client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(403);
    // Building the whole tree took over a minute; refusing it as it is read takes milliseconds.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('redirects', () => {
  it("are followed within Royal Road's address, up to 3 in a row, and the page says where it was read", async () => {
    const site = await serve((request, response) => {
      const hop = Number(/^\/hop\/(\d)$/.exec(request.url ?? '')?.[1] ?? 0);
      if (request.url === '/fiction/1') return response.writeHead(301, { location: '/hop/1' }).end();
      if (hop < 3) return response.writeHead(302, { location: `/hop/${hop + 1}` }).end();
      response.writeHead(200).end(page('arrived'));
    });
    const fetched = await client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED);
    expect(fetched.url).toBe(`${site.url}/hop/3`);
    expect(fetched.html).toContain('arrived');
  });

  it('are refused past the third', async () => {
    const site = await serve((request, response) => {
      const hop = Number(/^\/hop\/(\d)$/.exec(request.url ?? '')?.[1] ?? 0);
      response.writeHead(302, { location: `/hop/${hop + 1}` }).end();
    });
    const error = await failure(client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED));
    expect(error.kind).toBe('redirect');
    expect(error.message).toBe('Royal Road redirected more than 3 times');
    expect(site.asked).toEqual(['/fiction/1', '/hop/1', '/hop/2', '/hop/3']);
  });

  it('to another host are refused: nothing is asked of it, and the request is not tried again', async () => {
    const elsewhere = await serve((_request, response) => response.writeHead(200).end(page('elsewhere')));
    const site = await serve((_request, response) =>
      response.writeHead(302, { location: `${elsewhere.url}/fiction/1` }).end(),
    );
    const error = await failure(client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED));
    expect(error.kind).toBe('redirect');
    expect(error.message).toBe(
      `Royal Road redirected to another site (${elsewhere.url}); nothing was read from there`,
    );
    expect(elsewhere.asked).toEqual([]);
    expect(site.asked).toEqual(['/fiction/1']);
  });
});

describe('the size of an answer', () => {
  it('is capped at 5 MB unless the client says otherwise', () => {
    expect(DEFAULT_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it('a 10 MB page declared up front is refused without reading it', async () => {
    let sent = 0;
    const site = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const more = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      more();
    });
    const error = await failure(client({ baseUrl: site.url }).get('/fiction/1', SCHEDULED));
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe("Royal Road's answer was larger than 5 MB; it was abandoned unread");
    expect(site.asked).toHaveLength(1);
    expect(sent).toBeLessThan(10 * 1024 * 1024);
  });

  it('an answer without a length that never ends is abandoned past the cap', async () => {
    const site = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, '<p>');
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      more();
    });
    const error = await failure(
      client({ baseUrl: site.url, maxBytes: 1024 * 1024 }).get('/fiction/1', SCHEDULED),
    );
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe("Royal Road's answer was larger than 1 MB; it was abandoned unread");
  });

  it('an answer within the cap is read whole', async () => {
    const fetched = await client({ maxBytes: 100_000 }).get('/fiction/192682', SCHEDULED);
    expect(fetched.html).toContain('Reborn as a Demonic Rock');
    const error = await failure(client({ maxBytes: 1000 }).get('/fiction/192682', SCHEDULED));
    expect(error.message).toBe("Royal Road's answer was larger than 1000 bytes; it was abandoned unread");
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs('Sat, 21 Nov 2026 10:00:30 GMT', Date.parse('2026-11-21T10:00:00Z'))).toBe(30_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRoyalRoad, startFakeRoyalRoad } from '../../../../e2e/fakes/royalroad/server.ts';
import { RoyalRoadClient, retryAfterMs } from './client.ts';
import { isRoyalRoadError, type RoyalRoadError } from './errors.ts';
import { INTERACTIVE, SCHEDULED } from './request-queues.ts';

let fake: FakeRoyalRoad;
beforeAll(async () => {
  fake = await startFakeRoyalRoad();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

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

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs('Sat, 21 Nov 2026 10:00:30 GMT', Date.parse('2026-11-21T10:00:00Z'))).toBe(30_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

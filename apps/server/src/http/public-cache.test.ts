import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ANSWER_TTL_MS, registerPublicCaching } from './public-cache.ts';

/** A bare app with one public route that counts its runs and takes a while to answer. */
async function appWithSlowRoute(options: { status?: number; size?: number } = {}) {
  let clock = 0;
  let runs = 0;
  const app = Fastify();
  registerPublicCaching(app, { now: () => clock });
  app.get('/api/slow', { config: { publicCache: 60 } }, async (_request, reply) => {
    runs += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return reply
      .code(options.status ?? 200)
      .send({ success: true, data: { run: runs, padding: 'x'.repeat(options.size ?? 0) } });
  });
  await app.ready();
  return {
    app,
    runs: () => runs,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('public answers', () => {
  it('are produced once for requests that arrive together, and again once expired', async () => {
    const t = await appWithSlowRoute();
    const together = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: '/api/slow' })));
    expect(t.runs()).toBe(1);
    expect(new Set(together.map((response) => response.body)).size).toBe(1);
    expect(together.every((response) => response.statusCode === 200)).toBe(true);

    t.advance(PUBLIC_ANSWER_TTL_MS + 1);
    await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: '/api/slow' })));
    expect(t.runs()).toBe(2);
    await t.app.close();
  });

  it('are sent compressed to browsers that accept it, compressed once', async () => {
    const t = await appWithSlowRoute({ size: 4_000 });
    const first = await t.app.inject({ url: '/api/slow' });
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({ url: '/api/slow', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers.etag).toBe(`W/${first.headers.etag}`);
      expect(decode(response.rawPayload).toString()).toBe(first.body);
    }
    const plain = await t.app.inject({ url: '/api/slow', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(first.body);
    expect(t.runs()).toBe(1);
    await t.app.close();
  });

  it('are not shared when the route failed: each waiting request asks the route itself', async () => {
    const t = await appWithSlowRoute({ status: 503 });
    const responses = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ url: '/api/slow' })));
    expect(responses.every((response) => response.statusCode === 503)).toBe(true);
    expect(t.runs()).toBeGreaterThan(1);
    await t.app.close();
  });
});

describe('a kept answer with a Last-Modified date (a feed)', () => {
  it('keeps the date and answers 304 to a copy as new, by its ETag first', async () => {
    let runs = 0;
    const app = Fastify();
    registerPublicCaching(app, { now: () => 0 });
    app.get('/feed.atom', { config: { publicCache: 300 } }, async (_request, reply) => {
      runs += 1;
      return reply
        .header('last-modified', 'Tue, 24 Nov 2026 10:00:00 GMT')
        .type('application/atom+xml; charset=utf-8')
        .send('<feed/>');
    });
    await app.ready();
    const first = await app.inject({ url: '/feed.atom' });
    const kept = await app.inject({ url: '/feed.atom' });
    expect(runs).toBe(1);
    expect(kept.headers['last-modified']).toBe('Tue, 24 Nov 2026 10:00:00 GMT');
    expect(kept.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(kept.headers.etag).toBe(first.headers.etag);
    const asNew = { 'if-modified-since': 'Tue, 24 Nov 2026 10:00:00 GMT' };
    expect((await app.inject({ url: '/feed.atom', headers: asNew })).statusCode).toBe(304);
    const older = { 'if-modified-since': 'Mon, 23 Nov 2026 10:00:00 GMT' };
    expect((await app.inject({ url: '/feed.atom', headers: older })).statusCode).toBe(200);
    // An ETag that does not match wins over a date that would.
    const stale = { ...asNew, 'if-none-match': '"something-else"' };
    expect((await app.inject({ url: '/feed.atom', headers: stale })).statusCode).toBe(200);
    expect(runs).toBe(1);
    await app.close();
  });

  it('are forgotten when any instance tells of a change, and not served while changes cannot be heard', async () => {
    const listeners: Array<(key: string | null) => void> = [];
    const bus = {
      coherent: true,
      shared: true,
      published: [] as string[],
      async publish(topic: string) {
        this.published.push(topic);
        for (const listener of listeners) listener(null);
      },
      told: [] as string[],
      tellHere(topic: string) {
        this.told.push(topic);
      },
      subscribe(_topic: string, listener: (key: string | null) => void) {
        listeners.push(listener);
        return () => {};
      },
      // A notice on its way: heard only when the instance catches up.
      onItsWay: false,
      async caughtUp() {
        if (!this.onItsWay) return;
        this.onItsWay = false;
        for (const listener of listeners) listener(null);
      },
      async close() {},
    };
    let runs = 0;
    const app = Fastify();
    registerPublicCaching(app, { now: () => 0, changes: bus });
    app.get('/api/count', { config: { publicCache: 60 } }, async () => ({ run: ++runs }));
    app.post('/api/change', async () => ({ ok: true }));
    await app.ready();
    const read = async () => (await app.inject({ url: '/api/count' })).json().run;

    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    // Another instance's change arrives: forgotten.
    for (const listener of listeners) listener(null);
    expect(await read()).toBe(2);
    // A change through this one is told to all before it is answered.
    await app.inject({ method: 'POST', url: '/api/change' });
    expect(bus.published).toEqual(['public']);
    expect(bus.told).toEqual(['write-answered']);
    expect(await read()).toBe(3);
    // Not hearing the others: every request runs the route, and nothing made meanwhile is kept.
    bus.coherent = false;
    expect(await read()).toBe(4);
    expect(await read()).toBe(5);
    bus.coherent = true;
    expect(await read()).toBe(6);
    expect(await read()).toBe(6);
    // A change committed through another instance just before this request: heard before anything kept is sent.
    bus.onItsWay = true;
    expect(await read()).toBe(7);
    await app.close();
  });
});

import * as zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { PUBLIC_ANSWER_TTL_MS, registerPublicCaching } from './public-cache.ts';

vi.mock('node:zlib', async (original) => {
  const actual = await original<typeof import('node:zlib')>();
  return { ...actual, brotliCompressSync: vi.fn(actual.brotliCompressSync) };
});

/** A public route whose answer is `answer()`, on a clock the test moves. */
async function appAnswering(answer: () => object) {
  let clock = 0;
  const app = Fastify();
  registerPublicCaching(app, { now: () => clock });
  app.get('/api/list', { config: { publicCache: 60 } }, async () => answer());
  await app.ready();
  return { app, advance: (ms: number) => (clock += ms) };
}

const brotli = () => vi.mocked(zlib.brotliCompressSync).mock.calls.length;
const asBrowser = { 'accept-encoding': 'br, gzip' };

describe('a public answer', () => {
  it('goes compressed to the browser whose request made it, and kept so for the next', async () => {
    const t = await appAnswering(() => ({ success: true, data: 'x'.repeat(5_000) }));
    const before = brotli();
    const first = await t.app.inject({ url: '/api/list', headers: asBrowser });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString())).toEqual({
      success: true,
      data: 'x'.repeat(5_000),
    });
    const next = await t.app.inject({ url: '/api/list', headers: asBrowser });
    expect(next.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotli()).toBe(before + 1);
    // Without Accept-Encoding, as made; a small answer is never compressed.
    expect((await t.app.inject({ url: '/api/list' })).headers['content-encoding']).toBeUndefined();
    await t.app.close();
  });
});

describe('a public answer made again after its time', () => {
  it('keeps its compressed form when it is the same answer', async () => {
    const t = await appAnswering(() => ({ success: true, data: 'x'.repeat(5_000) }));
    await t.app.inject({ url: '/api/list' });
    const before = brotli();
    const first = await t.app.inject({ url: '/api/list', headers: asBrowser });
    expect(brotli()).toBe(before + 1);

    t.advance(PUBLIC_ANSWER_TTL_MS + 1);
    await t.app.inject({ url: '/api/list' });
    const again = await t.app.inject({ url: '/api/list', headers: asBrowser });
    expect(brotli()).toBe(before + 1);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    await t.app.close();
  });

  it('is compressed anew when it changed', async () => {
    let run = 0;
    const t = await appAnswering(() => ({ success: true, data: `${++run}`.padEnd(5_000, 'x') }));
    await t.app.inject({ url: '/api/list' });
    const before = brotli();
    await t.app.inject({ url: '/api/list', headers: asBrowser });
    t.advance(PUBLIC_ANSWER_TTL_MS + 1);
    await t.app.inject({ url: '/api/list' });
    const changed = await t.app.inject({ url: '/api/list', headers: asBrowser });
    expect(brotli()).toBe(before + 2);
    expect(zlib.brotliDecompressSync(changed.rawPayload).toString()).toContain('"2xxx');
    await t.app.close();
  });
});

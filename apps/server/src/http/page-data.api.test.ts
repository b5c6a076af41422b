import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ParsedFiction } from '../royalroad/parsers/fiction.ts';

const PAGE =
  '<!doctype html><html><head><title>RR Companion</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
const ID = 4343;
const TITLE = 'The </script><script>alert(1)</script> Tower';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shared-2.js'] },
  '_shared-2.js': { file: 'assets/shared-2.js' },
  'src/app/pages/FictionPage.tsx': {
    file: 'assets/FictionPage-3.js',
    imports: ['_shared-2.js', '_charts-4.js'],
  },
  '_charts-4.js': { file: 'assets/charts-4.js', imports: ['_shared-2.js'] },
  'src/features/rising-stars/MainListPage.tsx': { file: 'assets/MainListPage-5.js' },
};

function parsed(): ParsedFiction {
  return {
    royalroadId: ID,
    title: TITLE,
    authorName: 'Quill',
    authorId: 7,
    imageUrl: null,
    description: null,
    type: 'Original',
    status: 'ONGOING',
    tags: [],
    warnings: [],
    scores: { overall: 4.5, style: null, story: null, grammar: null, character: null },
    stats: { followers: 321, favorites: 10, ratings: 5, pages: 345, totalViews: 10_000, averageViews: 100 },
    chapterCount: 12,
    chapters: [],
  };
}

/** The answers a page carries, read back as the browser would. */
function pageData(html: string): Record<string, { success: boolean; data: Record<string, unknown> }> {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : {};
}

describe('the pages visitors land on carry their first answers', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'rrc-page-data-'));
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(path.join(root, 'index.html'), PAGE);
    writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp({}, { webRoot: root });
    await t.services.fictions.saveScrapedFiction(parsed(), t.clock.now.toISOString());
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("puts a fiction's answers in its page, exactly as the API gives them, with no way to close the script", async () => {
    const page = await t.app.inject({ url: `/fiction/${ID}/the_tower` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const data = pageData(page.body);
    expect(Object.keys(data).sort()).toEqual(
      [`/fictions/${ID}`, `/fictions/${ID}/analytics?range=all`, `/fictions/${ID}/history`].sort(),
    );
    const api = await t.app.inject({ url: `/api/fictions/${ID}` });
    expect(data[`/fictions/${ID}`]).toEqual(api.json());
    expect(data[`/fictions/${ID}`]?.data.title).toBe(TITLE);
    // The title's markup stays inside the JSON: only the page's own script element closes.
    expect(page.body.match(/<\/script>/g)?.length).toBe(2);
    expect(page.body).not.toContain('<script>alert');
  });

  it("preloads the page's own scripts once each, leaving out what the page already loads", async () => {
    const html = (await t.app.inject({ url: `/fiction/${ID}` })).body;
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g),
    ].map((m) => m[1]);
    expect(preloads).toEqual(['/assets/FictionPage-3.js', '/assets/shared-2.js', '/assets/charts-4.js']);
    const main = (await t.app.inject({ url: '/rising-stars-main' })).body;
    expect(main).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/MainListPage-5.js">',
    );
    expect(Object.keys(pageData(main))).toEqual(['/rising-stars-main']);
  });

  it('leaves out answers that are not a success, and other pages as they are', async () => {
    const unknown = await t.app.inject({ url: '/fiction/999999' });
    expect(unknown.statusCode).toBe(200);
    expect(pageData(unknown.body)).toEqual({});
    const about = await t.app.inject({ url: '/about' });
    expect(about.body).toBe(PAGE);
  });

  it('sends those pages compressed as the browser accepts', async () => {
    const plain = (await t.app.inject({ url: `/fiction/${ID}`, headers: { 'accept-encoding': 'identity' } }))
      .body;
    const br = await t.app.inject({ url: `/fiction/${ID}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await t.app.inject({
      url: `/fiction/${ID}`,
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });
});

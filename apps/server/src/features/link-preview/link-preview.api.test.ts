import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { ParsedFiction } from '../../royalroad/parsers/fiction.ts';

const PAGE =
  '<!doctype html><html><head><title>RR Companion</title></head><body><div id="root"></div></body></html>';
const ID = 4242;
const TITLE = 'Dragons & "Dungeons" <Rebirth>';

function parsed(followers: number): ParsedFiction {
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
    scores: { overall: 4.52, style: null, story: null, grammar: null, character: null },
    stats: { followers, favorites: 10, ratings: 5, pages: 345, totalViews: 10_000, averageViews: 100 },
    chapterCount: 12,
    chapters: [],
  };
}

/**
 * Decodes a PNG (8-bit palette, RGB or RGBA, not interlaced) far enough to prove it whole: its size and every
 * row.
 */
function decodePng(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect(body[8]).toBe(8);
      channels = body[9] === 6 ? 4 : body[9] === 2 ? 3 : body[9] === 3 ? 1 : 0;
      expect(body[12]).toBe(0);
    }
    if (type === 'IDAT') data.push(body);
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(data));
  expect(channels).toBeGreaterThan(0);
  // One filter byte and the pixels of each row.
  expect(pixels.length).toBe(height * (1 + width * channels));
  return { width, height };
}

describe('link previews', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'rrc-preview-'));
    writeFileSync(path.join(root, 'index.html'), PAGE);
    t = await createTestApp({ PUBLIC_URL: 'https://rrcompanion.example' }, { webRoot: root });
    await t.services.fictions.saveScrapedFiction(parsed(1234), t.clock.now.toISOString());
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("puts the fiction's og tags, with its numbers, in the HTML of its page", async () => {
    const response = await t.app.inject({ url: `/fiction/${ID}/dragons_dungeons_rebirth` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(
      '<meta property="og:title" content="Dragons &amp; &quot;Dungeons&quot; &lt;Rebirth&gt;" />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="1,234 followers · score 4.52 · 345 pages" />',
    );
    expect(html).toContain(
      `<meta property="og:image" content="https://rrcompanion.example/api/fictions/${ID}/card.png" />`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    // Without a slug too.
    expect((await t.app.inject({ url: `/fiction/${ID}` })).body).toContain('og:title');
  });

  it('gives every other page, and unknown fictions, no preview tags', async () => {
    for (const url of ['/', '/about', '/fiction/999999', `/fiction/${ID}/slug/extra`, `/compare?ids=${ID}`]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('<meta');
      expect(response.body, url).toContain('<title>RR Companion</title>');
    }
  });

  it('draws a 1200×630 PNG card with an ETag, answers 304 to it, and draws anew after a snapshot', async () => {
    const first = await t.app.inject({ url: `/api/fictions/${ID}/card.png` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(decodePng(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"card-4242-[0-9a-z]+"$/);

    const again = await t.app.inject({
      url: `/api/fictions/${ID}/card.png`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    t.clock.advance(24 * 60 * 60 * 1000);
    await t.services.fictions.saveScrapedFiction(parsed(1500), t.clock.now.toISOString());
    const after = await t.app.inject({
      url: `/api/fictions/${ID}/card.png`,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(decodePng(after.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(after.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('refuses an unknown fiction and a malformed id', async () => {
    const unknown = await t.app.inject({ url: '/api/fictions/999999/card.png' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Fiction not found' });
    expect((await t.app.inject({ url: '/api/fictions/abc/card.png' })).statusCode).toBe(400);
  });
});

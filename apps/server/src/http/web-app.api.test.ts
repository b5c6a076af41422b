import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PAGE = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4_000))});`;

/** A built web app as the build leaves it: text files with their .br and .gz copies. */
function writeBuild(root: string) {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  const files = { 'index.html': PAGE, 'assets/app-1234.js': SCRIPT };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(root, name), content);
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(content));
  }
}

describe('the web app', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'rrc-web-'));
    writeBuild(root);
    t = await createTestApp({}, { webRoot: root });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the compressed copy the browser accepts, and the plain file otherwise', async () => {
    const brotli = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year and asks for the page again every time', async () => {
    const asset = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/dashboard', '/fiction/12/some_title']) {
      const page = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
    }
  });

  it("sends the page's security headers, with a content security policy that lets Stripe in", async () => {
    for (const url of ['/', '/assets/app-1234.js']) {
      const response = await t.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain('https://hooks.stripe.com');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('asks browsers to upgrade insecure requests when served over https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://rrcompanion.example' }, { webRoot: root });
    try {
      const response = await secure.app.inject({ url: '/' });
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('answers unknown API addresses with the JSON envelope, not the page', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'No API route matches GET /api/nothing-here.' });
  });
});

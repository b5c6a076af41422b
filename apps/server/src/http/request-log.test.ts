import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RequestLogger, redactUrl, registerRequestLogging, secretsOf } from './request-log.ts';

/** An app logging as the server does, with its log lines parsed. */
async function loggingApp(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger: FastifyBaseLogger = pino({ level }, stream);
  const app = Fastify({
    loggerInstance: logger,
    disableRequestLogging: true,
    childLoggerFactory: (parent, bindings, options, raw) =>
      new RequestLogger(parent, bindings, options, raw.url),
  });
  registerRequestLogging(app);
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.warn({ detail: 'something to know' }, 'the route says so');
    return { ok: true };
  });
  app.get('/oauth', { logLevel: 'warn' }, async () => ({ ok: true }));
  // A private feed that fails, and says so quoting its address in every way a line can.
  app.get<{ Params: { file: string } }>('/feeds/me/:file', async (request) => {
    const failure = new Error(`no feed at ${request.url}`, {
      cause: new Error(`token ${request.params.file}`),
    });
    Object.assign(failure, { address: request.raw.url, detail: { path: [decodeURIComponent(request.url)] } });
    request.log.error({ err: failure, req: request }, 'feed failed for %s', request.params.file.slice(0, -5));
    throw failure;
  });
  await app.ready();
  return { app, lines, logger };
}

describe('the request log', () => {
  it('writes one line per request with its id, and the credentials taken out of its address', async () => {
    const t = await loggingApp();
    await t.app.inject({ url: '/quiet?token=abc&page=2' });
    const line = t.lines.find((entry) => entry.msg === 'request completed');
    expect(line).toMatchObject({
      reqId: expect.any(String),
      status: 200,
      request: { method: 'GET', url: '/quiet?token=%5Bredacted%5D&page=2' },
    });
    expect(JSON.stringify(t.lines)).not.toContain('abc');
    await t.app.close();
  });

  it("gives a route's own lines the same request id as its request line", async () => {
    const t = await loggingApp();
    await t.app.inject({ url: '/talks' });
    const own = t.lines.find((entry) => entry.msg === 'the route says so');
    const done = t.lines.find((entry) => entry.msg === 'request completed');
    expect(own?.detail).toBe('something to know');
    expect(own?.reqId).toBeDefined();
    expect(own?.reqId).toBe(done?.reqId);
    await t.app.close();
  });

  it("follows a route's own level: a route logging warnings only writes no request line", async () => {
    const t = await loggingApp();
    await t.app.inject({ url: '/oauth' });
    expect(t.lines.filter((entry) => entry.msg === 'request completed')).toHaveLength(0);
    await t.app.close();
  });

  it('makes no logger for a request that writes nothing', async () => {
    const t = await loggingApp('warn');
    const child = vi.spyOn(t.logger, 'child');
    await t.app.inject({ url: '/quiet' });
    expect(child).not.toHaveBeenCalled();
    await t.app.inject({ url: '/talks' });
    expect(child).toHaveBeenCalledTimes(1);
    expect(t.lines.map((entry) => entry.msg)).toEqual(['the route says so']);
    await t.app.close();
  });
});

const FEED_TOKEN = 'Zx81_feedToken-0123456789abcdefAB';

describe('a private feed in the log', () => {
  it('is written without its token in the request line', async () => {
    const t = await loggingApp();
    const response = await t.app.inject({ url: `/feeds/me/${FEED_TOKEN}.atom?utm=${FEED_TOKEN}` });
    expect(response.statusCode).toBe(500);
    const line = t.lines.find((entry) => entry.msg === 'request completed');
    expect(line).toMatchObject({ request: { url: '/feeds/me/[redacted]?utm=%5Bredacted%5D' } });
    expect(t.lines.length).toBeGreaterThan(1);
    expect(JSON.stringify(t.lines)).not.toContain(FEED_TOKEN);
    await t.app.close();
  });

  it("is written without its token in the route's own lines: message, error, its cause and fields", async () => {
    const t = await loggingApp();
    await t.app.inject({ url: `/feeds/me/${FEED_TOKEN}.atom` });
    const failed = t.lines.find((entry) => String(entry.msg).startsWith('feed failed'));
    expect(failed).toMatchObject({
      msg: 'feed failed for [redacted]',
      err: {
        message: 'no feed at /feeds/me/[redacted]: token [redacted]',
        address: '/feeds/me/[redacted]',
        detail: { path: ['/feeds/me/[redacted]'] },
      },
      req: { method: 'GET', url: '/feeds/me/[redacted]' },
    });
    expect(String((failed?.err as { stack?: string } | undefined)?.stack)).toContain(
      'no feed at /feeds/me/[redacted]',
    );
    expect(JSON.stringify(t.lines)).not.toContain(FEED_TOKEN);
    await t.app.close();
  });

  it.each([
    `/FEEDS/Me/${FEED_TOKEN}.atom`,
    `//feeds//me/${FEED_TOKEN}.atom`,
    `/feeds/m%65/${FEED_TOKEN}.atom`,
    `/%66eeds/me/${FEED_TOKEN}.atom/more?x=1`,
    `/feeds/me/${FEED_TOKEN}%ZZ.atom`,
  ])('is redacted however its address is spelled: %s', (url) => {
    expect(redactUrl(url)).not.toContain(FEED_TOKEN);
    expect(redactUrl(url)).toMatch(/^\/feeds\/me\/\[redacted\]/);
  });
});

describe('secretsOf', () => {
  it("names a feed's token and the values of credential parameters, however they are encoded", () => {
    const secrets = secretsOf(`/feeds/me/${FEED_TOKEN}.atom`);
    expect(secrets).toContain(`${FEED_TOKEN}.atom`);
    expect(secrets).toContain(FEED_TOKEN);
    expect(secretsOf('/oauth/callback?t%6Fken=abc%2Fdef&page=22222')).toEqual(
      expect.arrayContaining(['abc%2Fdef', 'abc/def']),
    );
    expect(secretsOf('/oauth/callback?t%6Fken=abc%2Fdef&page=22222')).not.toContain('22222');
    expect(secretsOf('/api/fictions?page=2')).toEqual([]);
  });
});

describe('redactUrl', () => {
  it('leaves an address without credentials as it is', () => {
    expect(redactUrl('/api/fictions?page=2')).toBe('/api/fictions?page=2');
    expect(redactUrl('/feeds/fictions/12345.atom')).toBe('/feeds/fictions/12345.atom');
    expect(redactUrl('/api/feeds/me')).toBe('/api/feeds/me');
  });
});

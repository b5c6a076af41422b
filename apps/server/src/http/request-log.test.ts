import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RequestLogger, redactUrl, registerRequestLogging } from './request-log.ts';

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
    childLoggerFactory: (parent, bindings, options) => new RequestLogger(parent, bindings, options),
  });
  registerRequestLogging(app);
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.warn({ detail: 'something to know' }, 'the route says so');
    return { ok: true };
  });
  app.get('/oauth', { logLevel: 'warn' }, async () => ({ ok: true }));
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

describe('redactUrl', () => {
  it('leaves an address without credentials as it is', () => {
    expect(redactUrl('/api/fictions?page=2')).toBe('/api/fictions?page=2');
  });
});

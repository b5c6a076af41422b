import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../errors.ts';
import { attemptLimiter, failedAttemptLimiter } from './failed-attempts.ts';

const request = (ip: string) => ({ ip }) as FastifyRequest;
/** A reply whose answer can be sent ('finish') and whose connection can be closed, as when the client goes away. */
const reply = (statusCode = 200) => {
  const raw = new EventEmitter();
  return { statusCode, raw } as unknown as FastifyReply & { raw: EventEmitter };
};

/** One whole attempt: admitted, answered with `status`, its connection closed. */
async function attempt(limiter: ReturnType<typeof failedAttemptLimiter>, ip: string, status: number) {
  const answer = reply(status);
  await limiter.check(request(ip), answer);
  answer.raw.emit('finish');
  answer.raw.emit('close');
}

describe('failed attempt limiter', () => {
  it('refuses a client after the limit of failures within the window, per address, saying when to retry', async () => {
    let now = 0;
    const limiter = failedAttemptLimiter({ name: 'test', limit: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      await attempt(limiter, '1.1.1.1', 401);
      now += 1000;
    }
    await expect(limiter.check(request('1.1.1.1'), reply())).rejects.toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 57,
    } satisfies Partial<AppError>);
    await expect(limiter.check(request('2.2.2.2'), reply())).resolves.toBeUndefined();

    // The first failure ages out after a minute.
    now = 60_001;
    await expect(limiter.check(request('1.1.1.1'), reply())).resolves.toBeUndefined();
  });

  it('counts attempts still in progress, so parallel guesses cannot pass the limit', async () => {
    const limiter = failedAttemptLimiter({ name: 'test', limit: 2, windowMs: 60_000 });
    const firstReply = reply(200);
    await limiter.check(request('1.1.1.1'), firstReply);
    await limiter.check(request('1.1.1.1'), reply());
    await expect(limiter.check(request('1.1.1.1'), reply())).rejects.toMatchObject({ statusCode: 429 });
    // A success frees its place again.
    firstReply.raw.emit('finish');
    await expect(limiter.check(request('1.1.1.1'), reply())).resolves.toBeUndefined();
  });

  it('releases an attempt whose connection closed before the answer, without counting it', async () => {
    const limiter = failedAttemptLimiter({ name: 'test', limit: 2, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) {
      const abandoned = reply(400);
      await limiter.check(request('1.1.1.1'), abandoned);
      abandoned.raw.emit('close');
    }
    await expect(limiter.check(request('1.1.1.1'), reply())).resolves.toBeUndefined();
  });

  it('counts an answer sent before its connection closed, once, and never one sent after the close', async () => {
    const limiter = failedAttemptLimiter({ name: 'test', limit: 2, windowMs: 60_000 });
    const answered = reply(401);
    await limiter.check(request('1.1.1.1'), answered);
    answered.raw.emit('finish');
    answered.raw.emit('close');
    answered.raw.emit('finish');
    const late = reply(401);
    await limiter.check(request('1.1.1.1'), late);
    late.raw.emit('close');
    late.raw.emit('finish');
    // One failure counted: one more is admitted, then the limit is reached.
    await attempt(limiter, '1.1.1.1', 401);
    await expect(limiter.check(request('1.1.1.1'), reply())).rejects.toMatchObject({ statusCode: 429 });
  });

  it('does not count successes, server errors or its own refusals', async () => {
    const limiter = failedAttemptLimiter({ name: 'test', limit: 1, windowMs: 60_000 });
    for (const status of [200, 201, 503, 429]) await attempt(limiter, '1.1.1.1', status);
    await expect(limiter.check(request('1.1.1.1'), reply())).resolves.toBeUndefined();
  });
});

describe('attempt limiter', () => {
  it('counts what it is told to (here: successes) under the key it is given, with its own message', async () => {
    const limiter = attemptLimiter({
      name: 'test',
      limit: 2,
      windowMs: 3_600_000,
      counts: (status) => status === 201,
      key: (r) => `account:${r.ip}`,
      message: 'Slow down.',
    });
    for (const status of [400, 201, 409, 201]) await attempt(limiter, '9.9.9.9', status);
    await expect(limiter.check(request('9.9.9.9'), reply())).rejects.toMatchObject({
      statusCode: 429,
      message: 'Slow down.',
      retryAfterSeconds: 3600,
    });
  });
});

describe('several limiters on one route', () => {
  let app: ReturnType<typeof Fastify> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /**
   * An app whose /both route is guarded by two limiters (in the given order) and ends with an onResponse hook
   * that waits a turn of the event loop, as hooks that log or write do: the connection's 'close' comes
   * before anything after it. /loose-only is guarded by the loose limiter alone, with the same counts.
   */
  async function appWith(order: 'tight-first' | 'loose-first') {
    // Both count successes: the tight one allows 2, the loose one 3 (its own route shows what it counted).
    const tight = attemptLimiter({
      name: 'tight',
      limit: 2,
      windowMs: 60_000,
      counts: (s) => s === 200,
      message: 'tight',
    });
    const loose = attemptLimiter({
      name: 'loose',
      limit: 3,
      windowMs: 60_000,
      counts: (s) => s === 200,
      message: 'loose',
    });
    app = Fastify();
    const slowHook = async () => {
      await nextTurn();
    };
    const checks = order === 'tight-first' ? [tight.check, loose.check] : [loose.check, tight.check];
    app.get('/both', { onRequest: checks, onResponse: slowHook }, async () => ({ ok: true }));
    app.get('/loose-only', { onRequest: loose.check, onResponse: slowHook }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  const statusAndMessage = async (path: string) => {
    const answer = await app?.inject({ method: 'GET', url: path });
    await nextTurn();
    return `${answer?.statusCode} ${answer?.statusCode === 429 ? answer.json().message : ''}`.trim();
  };

  for (const order of ['tight-first', 'loose-first'] as const) {
    it(`each counts every answer of the route (${order})`, async () => {
      await appWith(order);
      expect(await statusAndMessage('/both')).toBe('200');
      expect(await statusAndMessage('/both')).toBe('200');
      // The tight limiter counted both…
      expect(await statusAndMessage('/both')).toBe('429 tight');
      // …and so did the loose one: one more answer of its own, then it refuses too.
      expect(await statusAndMessage('/loose-only')).toBe('200');
      expect(await statusAndMessage('/loose-only')).toBe('429 loose');
    });
  }

  it('each counts answers sent over a real connection', async () => {
    const server = await appWith('loose-first');
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const get = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      await response.text();
      await nextTurn();
      return response.status;
    };
    expect([await get('/both'), await get('/both'), await get('/both')]).toEqual([200, 200, 429]);
    expect([await get('/loose-only'), await get('/loose-only')]).toEqual([200, 429]);
  });
});

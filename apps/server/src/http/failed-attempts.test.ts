import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors.ts';
import { attemptLimiter, failedAttemptLimiter } from './failed-attempts.ts';

const request = (ip: string) => ({ ip }) as FastifyRequest;
/** A reply whose connection can be closed, as when the client goes away. */
const reply = (statusCode = 200) => {
  const raw = new EventEmitter();
  return { statusCode, raw } as unknown as FastifyReply & { raw: EventEmitter };
};

/** One whole attempt: admitted, answered with `status`. */
async function attempt(limiter: ReturnType<typeof failedAttemptLimiter>, ip: string, status: number) {
  const r = request(ip);
  const answer = reply(status);
  await limiter.check(r, answer);
  await limiter.record(r, answer);
  answer.raw.emit('close');
}

describe('failed attempt limiter', () => {
  it('refuses a client after the limit of failures within the window, per address, saying when to retry', async () => {
    let now = 0;
    const limiter = failedAttemptLimiter({ limit: 3, windowMs: 60_000, now: () => now });
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
    const limiter = failedAttemptLimiter({ limit: 2, windowMs: 60_000 });
    const first = request('1.1.1.1');
    const firstReply = reply(200);
    await limiter.check(first, firstReply);
    await limiter.check(request('1.1.1.1'), reply());
    await expect(limiter.check(request('1.1.1.1'), reply())).rejects.toMatchObject({ statusCode: 429 });
    // A success frees its place again.
    await limiter.record(first, firstReply);
    await expect(limiter.check(request('1.1.1.1'), reply())).resolves.toBeUndefined();
  });

  it('releases an attempt whose connection closed before the answer, without counting it', async () => {
    const limiter = failedAttemptLimiter({ limit: 2, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) {
      const abandoned = reply(400);
      await limiter.check(request('1.1.1.1'), abandoned);
      abandoned.raw.emit('close');
    }
    await expect(limiter.check(request('1.1.1.1'), reply())).resolves.toBeUndefined();
  });

  it('does not count successes, server errors or its own refusals', async () => {
    const limiter = failedAttemptLimiter({ limit: 1, windowMs: 60_000 });
    for (const status of [200, 201, 503, 429]) await attempt(limiter, '1.1.1.1', status);
    await expect(limiter.check(request('1.1.1.1'), reply())).resolves.toBeUndefined();
  });
});

describe('attempt limiter', () => {
  it('counts what it is told to (here: successes) under the key it is given, with its own message', async () => {
    const limiter = attemptLimiter({
      limit: 2,
      windowMs: 3_600_000,
      counts: (status) => status === 201,
      key: (r) => `account:${r.ip}`,
      message: 'Slow down.',
    });
    const tries = async (status: number) => {
      const r = request('9.9.9.9');
      const answer = reply(status);
      await limiter.check(r, answer);
      await limiter.record(r, answer);
    };
    await tries(400);
    await tries(201);
    await tries(409);
    await tries(201);
    await expect(limiter.check(request('9.9.9.9'), reply())).rejects.toMatchObject({
      statusCode: 429,
      message: 'Slow down.',
      retryAfterSeconds: 3600,
    });
  });
});

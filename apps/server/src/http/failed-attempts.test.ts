import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors.ts';
import { failedAttemptLimiter } from './failed-attempts.ts';

const request = (ip: string) => ({ ip }) as FastifyRequest;
const reply = (statusCode: number) => ({ statusCode }) as FastifyReply;

describe('failed attempt limiter', () => {
  it('refuses a client after the limit of failures within the window, per address', async () => {
    let now = 0;
    const limiter = failedAttemptLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      const attempt = request('1.1.1.1');
      await limiter.check(attempt);
      await limiter.record(attempt, reply(401));
      now += 1000;
    }
    await expect(limiter.check(request('1.1.1.1'))).rejects.toMatchObject({
      statusCode: 429,
    } satisfies Partial<AppError>);
    await expect(limiter.check(request('2.2.2.2'))).resolves.toBeUndefined();

    // The first failure ages out after a minute.
    now = 60_001;
    await expect(limiter.check(request('1.1.1.1'))).resolves.toBeUndefined();
  });

  it('counts attempts still in progress, so parallel guesses cannot pass the limit', async () => {
    const limiter = failedAttemptLimiter({ limit: 2, windowMs: 60_000 });
    const first = request('1.1.1.1');
    const second = request('1.1.1.1');
    await limiter.check(first);
    await limiter.check(second);
    await expect(limiter.check(request('1.1.1.1'))).rejects.toMatchObject({ statusCode: 429 });
    // A success frees its place again.
    await limiter.record(first, reply(200));
    await expect(limiter.check(request('1.1.1.1'))).resolves.toBeUndefined();
  });

  it('does not count successes, server errors or its own refusals', async () => {
    const limiter = failedAttemptLimiter({ limit: 1, windowMs: 60_000 });
    await limiter.record(request('1.1.1.1'), reply(200));
    await limiter.record(request('1.1.1.1'), reply(201));
    await limiter.record(request('1.1.1.1'), reply(503));
    await limiter.record(request('1.1.1.1'), reply(429));
    await expect(limiter.check(request('1.1.1.1'))).resolves.toBeUndefined();
  });
});

import { MESSAGES, NOTIFICATION_MESSAGES, WEBHOOK_TESTS_PER_MINUTE } from '@rrc/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  call,
  createSharedTestDatabase,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
  testDialect,
} from '../../test/test-app.ts';

// Two instances of the site on one database, as behind a load balancer. On PostgreSQL every limit is counted
// in the database, so what one instance counted the other refuses. On SQLite one process is the rule: each
// counts in its own memory, which these tests show too (a second process on the same file starts afresh).

const shared = testDialect === 'postgres';
const ADDRESS = '198.51.100.7';

let instances: TestApp[] = [];
let database: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;

afterEach(async () => {
  for (const instance of instances) await instance.close();
  instances = [];
  await database?.close();
  database = undefined;
});

/** Two apps on one database, with the same settings. */
async function twoInstances(env: Record<string, string> = {}) {
  database = await createSharedTestDatabase();
  const first = await createTestApp({ ...env, DATABASE_URL: database.url });
  const second = await createTestApp({ ...env, DATABASE_URL: database.url });
  instances = [first, second];
  return [first, second] as const;
}

describe('limits across instances', () => {
  it('the eleventh failed sign-in for an address is refused by the other instance on PostgreSQL', async () => {
    const [first, second] = await twoInstances({ AUTH_RATE_LIMIT: '10' });
    await registerUser(first.app, { email: 'reader@example.com' });
    const wrong = (instance: TestApp) =>
      call<{ error: string }>(instance.app, {
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ADDRESS,
        payload: { email: 'reader@example.com', password: 'Wrong-guess-1' },
      });
    for (let i = 0; i < 10; i++) expect((await wrong(first)).status).toBe(401);

    const eleventh = await wrong(second);
    if (shared) {
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.error).toBe(MESSAGES.tooManyRequests);
      const retryAfter = Number(eleventh.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Even the right password waits: the address used up its guesses, on every instance.
      const right = await call(first.app, {
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ADDRESS,
        payload: { email: 'reader@example.com', password: STRONG_PASSWORD },
      });
      expect(right.status).toBe(429);
    } else {
      // Per process: the second counted nothing yet, the first refuses its own eleventh.
      expect(eleventh.status).toBe(401);
      expect((await wrong(first)).status).toBe(429);
    }
    // Another address is not held up.
    const elsewhere = await call(second.app, {
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.8',
      payload: { email: 'reader@example.com', password: STRONG_PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('registrations past the hourly limit are refused by the other instance on PostgreSQL', async () => {
    const [first, second] = await twoInstances({ REGISTRATION_RATE_LIMIT: '3' });
    let made = 0;
    const register = (instance: TestApp) => {
      made += 1;
      return call<{ error: string }>(instance.app, {
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ADDRESS,
        payload: { email: `newcomer${made}@example.com`, password: STRONG_PASSWORD },
      });
    };
    for (let i = 0; i < 3; i++) expect((await register(first)).status).toBe(201);

    const fourth = await register(second);
    if (shared) {
      expect(fourth.status).toBe(429);
      expect(fourth.body.error).toBe(MESSAGES.tooManyRegistrations);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(3600);
    } else {
      expect(fourth.status).toBe(201);
      expect((await register(first)).status).toBe(429);
    }
  });

  it('webhook test calls past the limit per minute are refused by the other instance on PostgreSQL', async () => {
    const [first, second] = await twoInstances({ WEBHOOK_ALLOW_PRIVATE: 'on' });
    const reader = await registerUser(first.app);
    const added = await call<{ data: { id: number } }>(first.app, {
      method: 'POST',
      url: '/api/webhooks',
      token: reader.token,
      payload: { url: 'http://127.0.0.1:9/hook', kind: 'json' },
    });
    expect(added.status).toBe(201);
    const test = (instance: TestApp) =>
      call<{ error: string }>(instance.app, {
        method: 'POST',
        url: `/api/webhooks/${added.body.data.id}/test`,
        token: reader.token,
      });
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE; i++) expect((await test(first)).status).toBe(202);

    const past = await test(second);
    if (shared) {
      expect(past.status).toBe(429);
      expect(past.body.error).toBe(NOTIFICATION_MESSAGES.webhookTestsTooMany);
      expect(Number(past.headers['retry-after'])).toBe(60);
      // The window is the instances' together: a minute later either admits test calls again.
      first.clock.advance(61_000);
      expect((await test(first)).status).toBe(202);
    } else {
      expect(past.status).toBe(202);
      expect((await test(first)).status).toBe(429);
    }
  });

  it('limits declared per route (forgotten passwords per address) are counted across instances on PostgreSQL', async () => {
    const [first, second] = await twoInstances();
    const forgot = (instance: TestApp) =>
      call(instance.app, {
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ADDRESS,
        payload: { email: 'someone@example.com' },
      });
    // Admitted (these tests send no mail, so the form answers that mail is off): each counts against the limit.
    for (let i = 0; i < 10; i++) expect((await forgot(first)).status).toBe(503);

    const eleventh = await forgot(second);
    if (shared) {
      expect(eleventh.status).toBe(429);
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3500);
    } else {
      expect(eleventh.status).toBe(503);
      expect((await forgot(first)).status).toBe(429);
    }
  });
});

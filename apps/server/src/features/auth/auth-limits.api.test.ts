import net from 'node:net';
import { MESSAGES } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, STRONG_PASSWORD, type TestApp } from '../../../test/test-app.ts';

let t: TestApp | undefined;
/** A fresh app for one test, closed after it. */
async function start(env: Record<string, string>): Promise<TestApp> {
  t = await createTestApp(env);
  return t;
}
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Sends the start of a request (headers and half its body) on a raw socket, then closes the connection. */
function abortHalfWay(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const body = JSON.stringify({ email: 'reader@example.com', password: 'Wrong-guess-1' });
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      // Long enough for the server to have admitted the request and begun reading its body.
      setTimeout(() => socket.destroy(), 50);
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

async function post(port: number, path: string, body: unknown) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('failed sign-in counting', () => {
  it('ten sign-ins and ten registrations aborted half way leave the next correct sign-in and registration working', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '10' });
    await registerUser(t.app, { email: 'reader@example.com' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;

    for (let i = 0; i < 10; i++) await abortHalfWay(port, '/api/auth/login');
    for (let i = 0; i < 10; i++) await abortHalfWay(port, '/api/auth/register');
    // The server notices each closed connection on its own schedule: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const login = await post(port, '/api/auth/login', {
      email: 'reader@example.com',
      password: STRONG_PASSWORD,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const registration = await post(port, '/api/auth/register', {
      email: 'newcomer@example.com',
      password: STRONG_PASSWORD,
    });
    expect(registration.status, JSON.stringify(registration.body)).toBe(201);
  });

  it('still refuses the eleventh wrong password within a minute, with Retry-After', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '10' });
    await registerUser(t.app, { email: 'reader@example.com' });
    for (let i = 0; i < 10; i++) {
      const wrong = await call(t.app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'reader@example.com', password: 'Wrong-guess-1' },
      });
      expect(wrong.status).toBe(401);
    }
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'reader@example.com', password: STRONG_PASSWORD },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      error: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('current-password guesses when changing the profile', () => {
  it('are limited per account: the eleventh within a minute is refused even with the right password', async () => {
    const { app } = await start({ AUTH_RATE_LIMIT: '10' });
    const reader = await registerUser(app);
    const bystander = await registerUser(app);
    const change = (token: string, currentPassword: string, remoteAddress: string) =>
      call(app, {
        method: 'PUT',
        url: '/api/auth/profile',
        token,
        remoteAddress,
        payload: { currentPassword, newPassword: 'Brand-new-secret-9' },
      });
    for (let i = 0; i < 10; i++) {
      // From a different address each time: the account is what is protected.
      const wrong = await change(reader.token, `Guess-number-${i}`, `10.0.0.${i + 1}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ success: false, error: 'The current password is not correct.' });
    }
    const refused = await change(reader.token, STRONG_PASSWORD, '10.0.1.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      error: 'Too many failed attempts. Please wait a minute and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The password did not change, and another reader is not held up.
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: reader.email, password: STRONG_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect((await change(bystander.token, STRONG_PASSWORD, '10.0.0.1')).status).toBe(200);
  });
});

describe('accounts made from one address', () => {
  it('are limited per hour; refused registrations do not count, and other addresses are not held up', async () => {
    const { app } = await start({ REGISTRATION_RATE_LIMIT: '3' });
    const register = (email: string, remoteAddress = '203.0.113.7') =>
      call(app, {
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress,
        payload: { email, password: STRONG_PASSWORD },
      });
    expect((await register('one@example.com')).status).toBe(201);
    expect((await register('one@example.com')).status).toBe(409);
    expect((await register('two@example.com')).status).toBe(201);
    expect((await register('three@example.com')).status).toBe(201);
    const refused = await register('four@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      error: 'Too many accounts were created from your network. Please try again later.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await register('four@example.com', '198.51.100.9')).status).toBe(201);
    // Signing in is not a registration.
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.7',
      payload: { email: 'one@example.com', password: STRONG_PASSWORD },
    });
    expect(login.status).toBe(200);
  });
  it('twenty an hour from one address over real connections: the twenty-first is refused, with Retry-After', async () => {
    // Over a socket each answer's connection closes before the route's last hooks run: every limiter on the
    // route must still count it (the failed-attempt limiter and the registration limiter both guard it).
    const { app } = await start({ REGISTRATION_RATE_LIMIT: '20' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    for (let i = 1; i <= 20; i++) {
      const made = await post(port, '/api/auth/register', {
        email: `reader${i}@example.com`,
        password: STRONG_PASSWORD,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const refused = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader21@example.com', password: STRONG_PASSWORD }),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ success: false, error: MESSAGES.tooManyRegistrations });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });
});

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  /** Wrong passwords sent through the proxy at 10.0.0.2, each with a made-up address the client put first. */
  async function guessesThroughProxy(app: FastifyInstance, forwardedFor: (i: number) => string) {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor(i) },
        payload: { email: 'reader@example.com', password: 'Wrong-guess-1' },
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  it('TRUST_PROXY=true takes the address the proxy saw, not one the client wrote in X-Forwarded-For', async () => {
    const { app } = await start({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
    expect(await guessesThroughProxy(app, (i) => `192.0.2.${i + 1}, 198.51.100.20`)).toEqual([
      401, 401, 401, 429,
    ]);
    // Another client behind the same proxy is a different address.
    expect(await guessesThroughProxy(app, () => '198.51.100.21')).toEqual([401, 401, 401, 429]);
  });

  it('with the proxies listed, the right-most address that is not one of them is the client', async () => {
    const { app } = await start({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '10.0.0.0/24, 172.16.0.5' });
    expect(await guessesThroughProxy(app, (i) => `192.0.2.${i + 1}, 198.51.100.20, 172.16.0.5`)).toEqual([
      401, 401, 401, 429,
    ]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const { app } = await start({ AUTH_RATE_LIMIT: '3' });
    expect(await guessesThroughProxy(app, (i) => `198.51.100.${i + 1}`)).toEqual([401, 401, 401, 429]);
  });
});

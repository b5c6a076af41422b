import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, STRONG_PASSWORD, type TestApp } from '../../../test/test-app.ts';

let t: TestApp | undefined;
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

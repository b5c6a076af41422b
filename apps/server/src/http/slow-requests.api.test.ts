import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../test/test-app.ts';
import { buildApp } from '../app.ts';

// Requests that arrive too slowly are cut off: the server answers 408 and closes the connection, so a client
// trickling bytes cannot hold connections (or sign-in attempts) open.

const LIMIT_MS = 400;

let t: TestApp | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  await t?.close();
  app = undefined;
  t = undefined;
});

/** The app on a real port, with requests allowed `LIMIT_MS` to arrive. */
async function listening(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  app = await buildApp({
    config: t.config,
    core: t.core,
    jwtSecret: TEST_JWT_SECRET,
    now: () => t?.clock.now ?? new Date(),
    requestTimeoutMs: LIMIT_MS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as net.AddressInfo).port, testApp: t };
}

/** Writes `parts` one by one, `gapMs` apart, and reads until the server closes: what came back, and when. */
function sendSlowly(port: number, parts: string[], gapMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      let next = 0;
      const write = () => {
        if (next >= parts.length || socket.destroyed) return;
        socket.write(parts[next++] ?? '');
        timer = setTimeout(write, gapMs);
      };
      write();
    });
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

const LOGIN_HEAD = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

function expectCutOff(result: { answer: string; closedAfterMs: number }) {
  const [head = '', body = ''] = result.answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(head).toContain('Connection: close');
  expect(head).toContain('x-content-type-options: nosniff');
  expect(head).toContain("content-security-policy: default-src 'none';frame-ancestors 'none'");
  expect(JSON.parse(body)).toEqual({
    success: false,
    error: 'The request took too long to arrive. Please try again.',
  });
  expect(result.closedAfterMs).toBeGreaterThanOrEqual(LIMIT_MS - 50);
  expect(result.closedAfterMs).toBeLessThan(LIMIT_MS + 1500);
}

describe('requests that arrive too slowly', () => {
  it('a body that stops half way is answered 408 and its connection closed', async () => {
    const { port } = await listening();
    const body = JSON.stringify({ email: 'reader@example.com', password: STRONG_PASSWORD });
    expectCutOff(await sendSlowly(port, [LOGIN_HEAD(body.length), body.slice(0, 12)], 10_000));
  });

  it('a body trickled in a byte at a time is cut off at the limit, however steadily it comes', async () => {
    const { port } = await listening();
    const body = JSON.stringify({ email: 'reader@example.com', password: STRONG_PASSWORD });
    const result = await sendSlowly(port, [LOGIN_HEAD(body.length), ...body.split('')], 60);
    expectCutOff(result);
  });

  it('headers that never end are answered 408 too', async () => {
    const { port } = await listening();
    expectCutOff(await sendSlowly(port, ['GET /api/health HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n'], 10_000));
  });

  it('sign-ins cut off this way are not failed attempts: the next correct one works', async () => {
    const { port, testApp } = await listening({ AUTH_RATE_LIMIT: '3' });
    await registerUser(testApp.app, { email: 'slow@example.com' });
    const body = JSON.stringify({ email: 'slow@example.com', password: STRONG_PASSWORD });
    // Three at once: as many attempts as the limit allows while they are under way.
    const cutOff = await Promise.all(
      [1, 2, 3].map(() => sendSlowly(port, [LOGIN_HEAD(body.length), body.slice(0, 5)], 10_000)),
    );
    for (const result of cutOff) expectCutOff(result);
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
  });

  it('a request sent at an ordinary pace is answered as usual', async () => {
    const { port } = await listening();
    const result = await sendSlowly(
      port,
      ['GET /api/health HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n', 'Connection: close\r\n\r\n'],
      50,
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('allows 30 seconds for a request and 15 for its headers unless told otherwise', async () => {
    t = await createTestApp();
    app = await buildApp({
      config: t.config,
      core: t.core,
      jwtSecret: TEST_JWT_SECRET,
    });
    expect(app.server.requestTimeout).toBe(30_000);
    expect(app.server.headersTimeout).toBe(15_000);
  });
});

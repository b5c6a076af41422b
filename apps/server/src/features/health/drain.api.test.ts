import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type FakeRoyalRoad, startFakeRoyalRoad } from '@rrc/fakes/royalroad';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedTestDatabase } from '../../../test/test-app.ts';

// The real server process behind a load balancer's eyes: on SIGTERM it answers not ready at once, goes on
// serving while the balancer notices (SHUTDOWN_DELAY_MS), finishes the request it was answering, and exits 0.

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const DELAY_MS = 1_500;
/** Royal Road's answer to the request in flight comes this long after it was asked. */
const SLOW_MS = 3_000;
const TOKEN = 'drain-test-metrics-token';

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
let fake: FakeRoyalRoad | undefined;
const children = new Set<ChildProcess>();
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await fake?.close();
  fake = undefined;
  await shared?.close();
  shared = undefined;
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      JWT_SECRET: 'drain-test-secret-that-is-long-enough-to-use',
      HOST: '127.0.0.1',
      ROLE: 'all',
      SCHEDULER: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; output: string; at: number }>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve({ code, output, at: Date.now() });
    }),
  );
  return { child, exited, output: () => output };
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await done().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('draining on SIGTERM', () => {
  it('answers not ready at once, finishes the request in flight with 200, and exits 0', async () => {
    shared = await createSharedTestDatabase();
    fake = await startFakeRoyalRoad();
    fake.behave({ path: /active-popular/, delayMs: SLOW_MS });
    const [port, metricsPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({
      DATABASE_URL: shared.url,
      ROYALROAD_BASE_URL: fake.url,
      PORT: String(port),
      PUBLIC_URL: base,
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
      SHUTDOWN_GRACE_MS: '10000',
    });
    await until(
      'the server to be ready',
      async () => (await fetch(`${base}/api/health/ready`)).status === 200,
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });

    // Metrics are on their own port (with the token, since one is set), not on the public one.
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(
      /rrc_http_requests_total\{route="\/api\/health\/ready",method="GET",status="200"\} [1-9]/,
    );

    // A request in flight: the server is waiting for Royal Road's slow answer.
    const slow = fetch(`${base}/api/royalroad/popular`);
    await until(
      'the request to reach Royal Road',
      async () => fake?.requests.some((request) => request.path.includes('active-popular')) ?? false,
      10_000,
    );

    const stopping = Date.now();
    server.child.kill('SIGTERM');
    // Not ready at once, saying why; still alive and serving meanwhile.
    let ready = await fetch(`${base}/api/health/ready`);
    for (let i = 0; ready.status === 200 && i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      ready = await fetch(`${base}/api/health/ready`);
    }
    const notReadyAfter = Date.now() - stopping;
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ success: false, reason: 'draining' });
    expect(notReadyAfter).toBeLessThan(1_000);
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);

    // The request in flight is answered in full, after the server stopped taking new connections.
    const answer = await slow;
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { success: boolean; data: unknown[] };
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);

    const { code, output, at } = await server.exited;
    expect(code, output).toBe(0);
    // It waited for the balancer's delay and the request in flight, and no longer than the grace allows.
    expect(at - stopping).toBeGreaterThanOrEqual(DELAY_MS);
    expect(at - stopping, output).toBeLessThan(DELAY_MS + SLOW_MS + 5_000);
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  }, 120_000);
});

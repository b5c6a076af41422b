import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile } from '../../test/hooks.ts';
import { call, createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { buildMetricsServer } from './metrics-endpoint.ts';

// GET /metrics: who may read it (a bearer of METRICS_TOKEN, or anyone on METRICS_PORT's own listener, and
// nobody with neither), and that what it says moves with the traffic, labelled by route pattern.

const TOKEN = 'metrics-token-for-the-api-tests';
const fake = fakeRoyalRoadForFile();

async function withApp(env: Record<string, string>, test: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ ROYALROAD_BASE_URL: fake.url, ...env });
  try {
    await test(t);
  } finally {
    await t.close();
  }
}

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** The value of one sample (name and labels exactly as printed), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers 404 when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    await withApp({}, async (t) => {
      const response = await call(t.app, { method: 'GET', url: '/metrics' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'Metrics are not served here.' });
      const withSomeToken = await call(t.app, { method: 'GET', url: '/metrics', token: TOKEN });
      expect(withSomeToken.status).toBe(404);
    });
  });

  it('with METRICS_TOKEN answers only its bearer, in the Prometheus text format', async () => {
    await withApp({ METRICS_TOKEN: TOKEN }, async (t) => {
      const anonymous = await call(t.app, { method: 'GET', url: '/metrics' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers['www-authenticate']).toContain('Bearer');
      expect(anonymous.body).toMatchObject({ success: false });
      for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Bearer ']) {
        const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
        expect(wrong.statusCode, authorization).toBe(401);
        expect(wrong.body).not.toContain('rrc_');
      }
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      for (const name of [
        'rrc_http_requests_total',
        'rrc_http_request_duration_seconds',
        'rrc_job_runs_total',
        'rrc_job_run_duration_seconds',
        'rrc_royalroad_requests_total',
        'rrc_royalroad_queue_depth',
        'rrc_royalroad_queue_wait_seconds',
        'rrc_deliveries_total',
        'rrc_db_pool_connections',
        'rrc_limiter_refusals_total',
        // The process's own, with the same prefix.
        'rrc_process_resident_memory_bytes',
        'rrc_nodejs_eventloop_lag_seconds',
        'rrc_nodejs_heap_size_used_bytes',
      ])
        expect(response.body, name).toContain(`# HELP ${name} `);
      // Both queues are reported, empty.
      expect(sample(response.body, 'rrc_royalroad_queue_depth{queue="scheduled"}')).toBe(0);
      expect(sample(response.body, 'rrc_royalroad_queue_depth{queue="interactive"}')).toBe(0);
      // The pool is PostgreSQL's; SQLite has none to report.
      const idle = sample(response.body, 'rrc_db_pool_connections{state="idle"}');
      if (testDialect === 'postgres') expect(idle).toBeGreaterThanOrEqual(0);
      else expect(idle).toBeUndefined();
    });
  });

  it('counts requests by route pattern, method and status, never by the address asked for', async () => {
    await withApp({ METRICS_TOKEN: TOKEN }, async (t) => {
      for (const id of [111111, 222222])
        expect((await call(t.app, { method: 'GET', url: `/api/fictions/${id}` })).status).toBe(404);
      await call(t.app, { method: 'GET', url: '/api/health/live' });
      await call(t.app, { method: 'GET', url: '/api/no-such-thing/42' });
      const text = await scrape(t);
      const series = (route: string, status: number) =>
        `rrc_http_requests_total{route="${route}",method="GET",status="${status}"}`;
      expect(sample(text, series('/api/fictions/:royalroadId', 404))).toBe(2);
      expect(sample(text, series('/api/health/live', 200))).toBe(1);
      expect(sample(text, series('unmatched', 404))).toBe(1);
      expect(text).not.toContain('111111');
      expect(text).not.toContain('no-such-thing');
      expect(
        sample(
          text,
          'rrc_http_request_duration_seconds_count{route="/api/fictions/:royalroadId",method="GET",status="404"}',
        ),
      ).toBe(2);

      // The same route twice more: the counter moves by two.
      for (const id of [333333, 444444]) await call(t.app, { method: 'GET', url: `/api/fictions/${id}` });
      expect(sample(await scrape(t), series('/api/fictions/:royalroadId', 404))).toBe(4);
    });
  });

  it('counts refusals by a limit, by the limited route', async () => {
    await withApp({ METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT: '2' }, async (t) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await call(t.app, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@example.com', password: 'Wrong-password-1' },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 429, 429]);
      const text = await scrape(t);
      expect(sample(text, 'rrc_limiter_refusals_total{limit="POST /api/auth/login"}')).toBe(2);
    });
  });

  it("counts Royal Road's answers by outcome and how long each waited in its queue", async () => {
    await withApp({ METRICS_TOKEN: TOKEN }, async (t) => {
      expect((await call(t.app, { method: 'GET', url: '/api/royalroad/popular' })).status).toBe(200);
      fake.behave({ path: /^\/profile\//, page: 'cloudflare' });
      const challenged = await call(t.app, { method: 'GET', url: '/api/royalroad/user/12345' });
      expect(challenged.status).toBeGreaterThanOrEqual(500);
      const text = await scrape(t);
      expect(sample(text, 'rrc_royalroad_requests_total{outcome="ok"}')).toBe(1);
      expect(sample(text, 'rrc_royalroad_requests_total{outcome="cloudflare"}')).toBe(1);
      const waited =
        (sample(text, 'rrc_royalroad_queue_wait_seconds_count{queue="interactive"}') ?? 0) +
        (sample(text, 'rrc_royalroad_queue_wait_seconds_count{queue="scheduled"}') ?? 0);
      expect(waited).toBe(2);
    });
  });

  it('with METRICS_PORT is served on its own listener (no token) and not on the main port', async () => {
    await withApp({ METRICS_PORT: '9464' }, async (t) => {
      expect(t.config.metrics).toEqual({ token: undefined, port: 9464 });
      expect((await call(t.app, { method: 'GET', url: '/metrics' })).status).toBe(404);
      expect((await call(t.app, { method: 'GET', url: '/metrics', token: TOKEN })).status).toBe(404);
      await call(t.app, { method: 'GET', url: '/api/health/live' });
      await call(t.app, { method: 'GET', url: '/api/health/live' });

      // What main.ts listens on METRICS_PORT with (here on a free port).
      const server = buildMetricsServer(t.core.metrics, t.config.metrics);
      try {
        await server.listen({ port: 0, host: '127.0.0.1' });
        const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
        const response = await fetch(`${base}/metrics`);
        expect(response.status).toBe(200);
        const text = await response.text();
        expect(
          sample(text, 'rrc_http_requests_total{route="/api/health/live",method="GET",status="200"}'),
        ).toBe(2);
        expect(text).toContain('# HELP rrc_process_resident_memory_bytes ');
        const elsewhere = await fetch(`${base}/api/health`);
        expect(elsewhere.status).toBe(404);
      } finally {
        await server.close();
      }
    });
  });
});

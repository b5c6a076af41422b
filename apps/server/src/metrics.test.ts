import { describe, expect, it } from 'vitest';
import type { JobContext, JobHandler } from './lib/jobs.ts';
import { createMetrics, meteredRequest } from './metrics.ts';
import { RoyalRoadError } from './royalroad/errors.ts';

/** The value of one sample (name and labels exactly as printed), or undefined when it is not there. */
async function sample(metrics: ReturnType<typeof createMetrics>, series: string) {
  const line = (await metrics.text()).split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function context(signal = new AbortController().signal): JobContext {
  return {
    runId: 1,
    signal,
    params: {},
    scheduledFor: '2026-11-21T12:00:00.000Z',
    now: () => new Date(),
    log: { info() {}, warn() {}, error() {} },
    progress: async () => {},
  };
}

describe('metrics', () => {
  it('each app has its own registry: what one counts, another does not see', async () => {
    const [one, two] = [createMetrics(), createMetrics()];
    one.httpRequest({ route: '/api/health', method: 'GET', status: 200 }, 0.01);
    const series = 'rrc_http_requests_total{route="/api/health",method="GET",status="200"}';
    expect(await sample(one, series)).toBe(1);
    expect(await sample(two, series)).toBeUndefined();
    // The process's own figures only when asked for.
    expect(await one.text()).not.toContain('rrc_process_resident_memory_bytes');
    expect(await createMetrics({ processMetrics: true }).text()).toContain(
      '# HELP rrc_process_resident_memory_bytes',
    );
  });

  it('counts and times job runs by job and how they ended, the handlers answering as before', async () => {
    const metrics = createMetrics();
    const failure = new Error('Royal Road is down');
    const handlers: Record<string, JobHandler> = {
      'rising-stars': async () => ({ status: 'succeeded', counts: { lists: 3 } }),
      fiction: async () => ({ status: 'partial', counts: {} }),
      'nightly-refresh': async () => {
        throw failure;
      },
    };
    const wrapped = metrics.jobHandlers(handlers);
    expect(await wrapped['rising-stars']?.(context())).toEqual({ status: 'succeeded', counts: { lists: 3 } });
    await wrapped['rising-stars']?.(context());
    await wrapped.fiction?.(context());
    await expect(wrapped['nightly-refresh']?.(context())).rejects.toBe(failure);
    const stopped = new AbortController();
    stopped.abort();
    await expect(wrapped['nightly-refresh']?.(context(stopped.signal))).rejects.toBe(failure);

    const runs = (job: string, outcome: string) =>
      sample(metrics, `rrc_job_runs_total{job="${job}",outcome="${outcome}"}`);
    expect(await runs('rising-stars', 'succeeded')).toBe(2);
    expect(await runs('fiction', 'partial')).toBe(1);
    expect(await runs('nightly-refresh', 'failed')).toBe(1);
    expect(await runs('nightly-refresh', 'interrupted')).toBe(1);
    expect(
      await sample(metrics, 'rrc_job_run_duration_seconds_count{job="rising-stars",outcome="succeeded"}'),
    ).toBe(2);
  });

  it("counts Royal Road's answers by outcome and times each request's wait in its queue", async () => {
    const metrics = createMetrics();
    const ok = meteredRequest(metrics.royalroad, 'scheduled', async () => 'page');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await ok()).toBe('page');
    const missing = meteredRequest(metrics.royalroad, 'interactive', async () => {
      throw new RoyalRoadError('not-found', 'Royal Road has no such page (404)');
    });
    await expect(missing()).rejects.toThrow('no such page');
    expect(await sample(metrics, 'rrc_royalroad_requests_total{outcome="ok"}')).toBe(1);
    expect(await sample(metrics, 'rrc_royalroad_requests_total{outcome="not-found"}')).toBe(1);
    const waited = await sample(metrics, 'rrc_royalroad_queue_wait_seconds_sum{queue="scheduled"}');
    expect(waited).toBeGreaterThanOrEqual(0.02);
    expect(await sample(metrics, 'rrc_royalroad_queue_wait_seconds_count{queue="interactive"}')).toBe(1);
    // Without metrics the request is left as it is.
    const plain = async () => 'page';
    expect(meteredRequest(undefined, 'scheduled', plain)).toBe(plain);
  });

  it('reads queue depth and the pool when scraped; counts deliveries and refusals', async () => {
    const metrics = createMetrics();
    const sizes = { scheduled: 2, interactive: 5 };
    metrics.watch({ queueSizes: () => sizes, poolCounts: () => ({ total: 7, idle: 3, waiting: 1 }) });
    expect(await sample(metrics, 'rrc_royalroad_queue_depth{queue="interactive"}')).toBe(5);
    sizes.interactive = 0;
    expect(await sample(metrics, 'rrc_royalroad_queue_depth{queue="interactive"}')).toBe(0);
    expect(await sample(metrics, 'rrc_db_pool_connections{state="active"}')).toBe(4);
    expect(await sample(metrics, 'rrc_db_pool_connections{state="idle"}')).toBe(3);
    expect(await sample(metrics, 'rrc_db_pool_connections{state="waiting"}')).toBe(1);

    metrics.delivered('webhook', 'sent');
    metrics.delivered('webhook', 'sent');
    metrics.delivered('email', 'failed');
    expect(await sample(metrics, 'rrc_deliveries_total{channel="webhook",outcome="sent"}')).toBe(2);
    expect(await sample(metrics, 'rrc_deliveries_total{channel="email",outcome="failed"}')).toBe(1);

    metrics.httpRequest({ route: '/api/auth/login', method: 'POST', status: 429 }, 0.001);
    metrics.httpRequest({ route: '/api/auth/login', method: 'POST', status: 401 }, 0.001);
    expect(await sample(metrics, 'rrc_limiter_refusals_total{limit="POST /api/auth/login"}')).toBe(1);
  });
});

// Every metric the server exposes on /metrics, defined in this one place (name, help, labels), on a registry
// of the process's own rather than prom-client's global one, so that tests can build several apps side by
// side. docs/metrics.md lists them for operators.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobHandler } from './lib/jobs.ts';
import { isRoyalRoadError } from './royalroad/errors.ts';

/** What a request to Royal Road waited in: the schedule's queue or readers' (see RequestQueues). */
type QueueName = 'scheduled' | 'interactive';

/** Counts of a database's connection pool (PostgreSQL); SQLite has none. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsOptions {
  /**
   * Also the process's own metrics (memory, CPU, event-loop delay, …), prefixed `rrc_`. Off where /metrics
   * is not served: the event-loop monitor samples all the time.
   */
  processMetrics?: boolean;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [1, 5, 15, 60, 300, 900, 1800, 3600, 7200];
const WAIT_BUCKETS = [0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'rrc_' });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'rrc_http_requests_total',
    help: 'HTTP requests answered, by route pattern (unmatched for unknown addresses), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'rrc_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to sending its answer, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: 'rrc_job_runs_total',
    help: 'Job runs ended in this process, by job and outcome (succeeded, partial, failed, interrupted).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'rrc_job_run_duration_seconds',
    help: 'How long job runs took in this process, by job and outcome.',
    labelNames: ['job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const royalroadRequests = new Counter({
    name: 'rrc_royalroad_requests_total',
    help: 'Pages asked of Royal Road (each with its retries), by outcome: ok, or why nothing was read (not-found, cloudflare, timeout, network, http, …).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const queueWait = new Histogram({
    name: 'rrc_royalroad_queue_wait_seconds',
    help: 'How long a request to Royal Road waited in its queue before it went out, by queue.',
    labelNames: ['queue'] as const,
    buckets: WAIT_BUCKETS,
    registers,
  });
  const deliveries = new Counter({
    name: 'rrc_deliveries_total',
    help: 'Alert deliveries tried, by channel (email, digest, webhook) and outcome (sent, failed, stopped by a shutdown).',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  const limiterRefusals = new Counter({
    name: 'rrc_limiter_refusals_total',
    help: 'Requests refused by a limit (answered 429), by the limited route ("METHOD pattern").',
    labelNames: ['limit'] as const,
    registers,
  });

  // Read when scraped: what the queues and the pool hold at that moment.
  let queueSizes: (() => Record<QueueName, number>) | undefined;
  let poolCounts: (() => PoolCounts | undefined) | undefined;
  new Gauge({
    name: 'rrc_royalroad_queue_depth',
    help: 'Requests to Royal Road waiting in each queue of this process (not counting the one under way).',
    labelNames: ['queue'] as const,
    registers,
    collect() {
      const sizes = queueSizes?.();
      if (!sizes) return;
      for (const [queue, size] of Object.entries(sizes)) this.set({ queue }, size);
    },
  });
  new Gauge({
    name: 'rrc_db_pool_connections',
    help: "The PostgreSQL pool's connections by state: active (in use), idle, and waiting (queries waiting for a connection).",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const counts = poolCounts?.();
      if (!counts) return;
      this.set({ state: 'active' }, counts.total - counts.idle);
      this.set({ state: 'idle' }, counts.idle);
      this.set({ state: 'waiting' }, counts.waiting);
    },
  });

  return {
    registry,
    /** The Prometheus text of every metric. */
    text: () => registry.metrics(),
    contentType: registry.contentType,

    /** One answered HTTP request; `route` is the route's pattern, never the address asked for. */
    httpRequest(labels: { route: string; method: string; status: number }, seconds: number) {
      const values = { ...labels, status: String(labels.status) };
      httpRequests.inc(values);
      httpDuration.observe(values, seconds);
      if (labels.status === 429) limiterRefusals.inc({ limit: `${labels.method} ${labels.route}` });
    },

    /** Wraps each job's handler so that every run is counted and timed by how it ended. */
    jobHandlers<T extends Record<string, JobHandler>>(handlers: T): T {
      const wrapped: Record<string, JobHandler> = {};
      for (const [job, handler] of Object.entries(handlers)) {
        wrapped[job] = async (context) => {
          const started = performance.now();
          const end = (outcome: string) => {
            jobRuns.inc({ job, outcome });
            jobDuration.observe({ job, outcome }, (performance.now() - started) / 1000);
          };
          try {
            const result = await handler(context);
            end(result.status);
            return result;
          } catch (error) {
            end(context.signal.aborted ? 'interrupted' : 'failed');
            throw error;
          }
        };
      }
      return wrapped as T;
    },

    /** What the Royal Road client reports of each request it sends. */
    royalroad: {
      waited(queue: QueueName, seconds: number) {
        queueWait.observe({ queue }, seconds);
      },
      answered(outcome: string) {
        royalroadRequests.inc({ outcome });
      },
    },

    /** One delivery tried from the outbox. */
    delivered(channel: string, outcome: string) {
      deliveries.inc({ channel, outcome });
    },

    /** Where the gauges read from when scraped. */
    watch(sources: {
      queueSizes?: () => Record<QueueName, number>;
      poolCounts?: () => PoolCounts | undefined;
    }) {
      queueSizes = sources.queueSizes ?? queueSizes;
      poolCounts = sources.poolCounts ?? poolCounts;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
/** What the Royal Road client needs of the metrics. */
export type RoyalRoadMetrics = Metrics['royalroad'];

/**
 * A request to Royal Road as its queue runs it, measured: how long it waited since now, and how it ended
 * (its kind of error, or ok). Without metrics it is `fetch` itself.
 */
export function meteredRequest<T>(
  metrics: RoyalRoadMetrics | undefined,
  queue: QueueName,
  fetch: () => Promise<T>,
): () => Promise<T> {
  if (!metrics) return fetch;
  const queuedAt = performance.now();
  return async () => {
    metrics.waited(queue, (performance.now() - queuedAt) / 1000);
    try {
      const result = await fetch();
      metrics.answered('ok');
      return result;
    } catch (error) {
      metrics.answered(isRoyalRoadError(error) ? error.kind : 'error');
      throw error;
    }
  };
}

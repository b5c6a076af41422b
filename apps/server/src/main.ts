import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import { createCore, jobLogger } from './composition.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildMetricsServer } from './http/metrics-endpoint.ts';
import { loggerOptions } from './logger.ts';
import { resolveJwtSecret } from './secrets.ts';

const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino(loggerOptions(config));
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const jwtSecret = resolveJwtSecret(config);
  const core = createCore({
    config,
    database,
    log: jobLogger(logger.child({ component: 'jobs' })),
    secret: jwtSecret,
  });
  // ROLE=worker scrapes without serving; web and all serve the app and its API.
  const app =
    config.role === 'worker'
      ? null
      : await buildApp({
          config,
          core,
          jwtSecret,
          webRoot: WEB_ROOT,
          logger,
        });

  // METRICS_PORT: /metrics on a listener of its own, in every role (a worker's only one).
  const metricsServer =
    config.metrics.port === undefined ? null : buildMetricsServer(core.metrics, config.metrics);

  let closing = false;
  /**
   * Drains: not ready at once (readiness answers 503 so a load balancer stops sending requests), still
   * serving for SHUTDOWN_DELAY_MS while it notices, then the server closes, waiting up to SHUTDOWN_GRACE_MS
   * for the requests in flight; the outbox stops meanwhile. Then the job runner stops, which hands the runs
   * it claimed back (scheduled ones to the queue, to resume at the next start), and the process exits.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    core.drain.start();
    const { delayMs, graceMs } = config.shutdown;
    logger.info(
      `${signal} received, shutting down${app && delayMs > 0 ? ` (still serving for ${delayMs} ms while not ready)` : ''}`,
    );
    core.scheduler?.stop();
    const closeServer = async () => {
      if (!app) return;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await closeWithin(app, graceMs, () =>
        logger.warn(`requests still in flight after ${graceMs} ms: their connections are closed`),
      );
    };
    await Promise.all([core.alerts.delivery.stop(), closeServer()]);
    await core.runner.stop();
    await metricsServer?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (app) await app.listen({ port: config.port, host: config.host });
  if (metricsServer) await metricsServer.listen({ port: config.metrics.port, host: config.host });
  await core.runner.start();
  // Emails and webhook calls go out from every process that works (whatever SCHEDULER says).
  if (config.role !== 'web') core.alerts.delivery.start();
  await core.scheduler?.start();
  logger.info(
    `RR Companion is ready${app ? ` at ${config.publicUrl}` : ''} (role ${config.role}, database ${database.dialect}, scheduler ${core.scheduler ? 'on' : 'off'})`,
  );
}

/**
 * Closes the server: no new connections, idle ones closed, requests in flight answered; those still going
 * after `graceMs` have their connections closed.
 */
async function closeWithin(app: FastifyInstance, graceMs: number, onTimeout: () => void) {
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close();
  // A kept-alive connection whose request is answered after the close began would stay open (and the
  // close waiting) until its client lets go: it is closed as soon as it falls idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  void closed.finally(() => clearInterval(idle));
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  if ((await Promise.race([closed, late])) === 'late') {
    onTimeout();
    app.server.closeAllConnections();
    await closed;
  }
  clearTimeout(timer);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

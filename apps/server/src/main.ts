import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { createCore, jobLogger } from './composition.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received, shutting down`);
    core.scheduler?.stop();
    await core.alerts.delivery.stop();
    await app?.close();
    await core.runner.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (app) await app.listen({ port: config.port, host: config.host });
  await core.runner.start();
  // Emails and webhook calls go out from every process that works (whatever SCHEDULER says).
  if (config.role !== 'web') core.alerts.delivery.start();
  await core.scheduler?.start();
  logger.info(
    `RR Companion is ready${app ? ` at ${config.publicUrl}` : ''} (role ${config.role}, database ${database.dialect}, scheduler ${core.scheduler ? 'on' : 'off'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { GENRE_SLUGS } from '@rrc/contract';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { fictionsRepository } from './features/fictions/fictions.repository.ts';
import { JobRunner } from './features/jobs/job-runner.ts';
import { jobRunsRepository } from './features/jobs/job-runs.repository.ts';
import type { JobLogger } from './features/jobs/jobs.ts';
import { Scheduler } from './features/jobs/scheduler.ts';
import { risingStarsRepository } from './features/rising-stars/rising-stars.repository.ts';
import { allFictionsJob } from './features/scraping/all-fictions.job.ts';
import { fictionJob } from './features/scraping/fiction.job.ts';
import { risingStarsJob } from './features/scraping/rising-stars.job.ts';
import { RoyalRoadClient, userAgentFor } from './royalroad/client.ts';

export interface Services {
  client: RoyalRoadClient;
  fictions: ReturnType<typeof fictionsRepository>;
  risingStars: ReturnType<typeof risingStarsRepository>;
  runs: ReturnType<typeof jobRunsRepository>;
  runner: JobRunner;
  scheduler: Scheduler | null;
}

export interface ServicesOptions {
  config: Config;
  database: Database;
  log: JobLogger;
  now?: () => Date;
  /** Overrides for tests: a faster client, a controlled clock. */
  client?: RoyalRoadClient;
  genres?: readonly string[];
}

/**
 * Everything scraping needs, built once per process. The Royal Road client (and
 * its throttle) is shared by every job, so all requests queue in one place.
 */
export function createServices(options: ServicesOptions): Services {
  const { config, database, log } = options;
  const now = options.now ?? (() => new Date());
  const client =
    options.client ??
    new RoyalRoadClient({
      baseUrl: config.royalroad.baseUrl,
      intervalMs: config.royalroad.intervalMs,
      userAgent: userAgentFor(config.publicUrl),
      log: (message) => log.warn(`royalroad: ${message}`),
    });
  const fictions = fictionsRepository(database.db);
  const risingStars = risingStarsRepository(database.db);
  const runs = jobRunsRepository(database.db);
  const deps = {
    client,
    fictions,
    risingStars,
    now,
    genres: options.genres ?? GENRE_SLUGS,
    risingStarsActive: () => runs.isActive('rising-stars'),
  };
  const executes = config.role !== 'web';
  const runner = new JobRunner({
    runs,
    log,
    now,
    executes,
    handlers: {
      'rising-stars': risingStarsJob(deps),
      'all-fictions': allFictionsJob(deps),
      fiction: fictionJob(deps),
    },
  });
  const scheduler = executes && config.scheduler ? new Scheduler({ runner, runs, log, now }) : null;
  return { client, fictions, risingStars, runs, runner, scheduler };
}

/** Adapts a pino-style logger to the jobs' logger. */
export function jobLogger(logger: {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}): JobLogger {
  return {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    error: (message) => logger.error(message),
  };
}

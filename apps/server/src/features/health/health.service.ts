import type { Role } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { serviceUnavailable } from '../../errors.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { DrainState } from './drain.ts';
import type { HealthRepository } from './health.repository.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Why an instance is not ready, in a word for machines and a sentence for people. */
export type NotReady = { reason: 'draining' | 'database' | 'migrations'; message: string };

/**
 * Whether the server and its database answer, with the last run of every job; and whether this instance
 * should be sent requests (readiness).
 */
export function healthService(deps: {
  database: Pick<Database, 'ping' | 'dialect'>;
  jobs: Pick<JobsService, 'latestOfEach' | 'scheduler'>;
  role: Role;
  repository: Pick<HealthRepository, 'pendingMigrations'>;
  drain: Pick<DrainState, 'draining'>;
}) {
  // Migrations are never undone: once the database has them all, it keeps having them.
  let migrationsCurrent = false;
  return {
    /**
     * Null when ready: not shutting down, the database answers and has every migration this version knows;
     * otherwise the first reason it is not.
     */
    async notReady(): Promise<NotReady | null> {
      if (deps.drain.draining)
        return { reason: 'draining', message: 'This instance is shutting down and takes no new work.' };
      if (!(await deps.database.ping()))
        return { reason: 'database', message: 'The database is not reachable right now.' };
      if (!migrationsCurrent) {
        let pending: string[];
        try {
          pending = await deps.repository.pendingMigrations();
        } catch {
          return { reason: 'database', message: 'The database could not say which migrations it has.' };
        }
        if (pending.length > 0)
          return {
            reason: 'migrations',
            message: `The database lacks ${pending.length} migration(s) of this version (first: ${pending[0]}); run the migrations.`,
          };
        migrationsCurrent = true;
      }
      return null;
    },

    async check() {
      if (!(await deps.database.ping()))
        throw serviceUnavailable('The database is not reachable right now. Please try again later.');
      const latest = await deps.jobs.latestOfEach();
      return {
        status: 'ok' as const,
        database: { ok: true, dialect: deps.database.dialect },
        version: VERSION,
        uptime_seconds: Math.round(process.uptime()),
        role: deps.role,
        scheduler: deps.jobs.scheduler,
        jobs: latest.map((run) => ({
          job: run.job,
          status: run.status,
          started_at: run.started_at,
          finished_at: run.finished_at,
          error: run.error,
        })),
      };
    },
  };
}

export type HealthService = ReturnType<typeof healthService>;

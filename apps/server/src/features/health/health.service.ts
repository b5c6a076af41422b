import type { Role } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { serviceUnavailable } from '../../errors.ts';
import type { JobsService } from '../jobs/jobs.service.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Whether the server and its database answer, with the last run of every job. */
export function healthService(deps: {
  database: Pick<Database, 'ping' | 'dialect'>;
  jobs: Pick<JobsService, 'latestOfEach' | 'scheduler'>;
  role: Role;
}) {
  return {
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

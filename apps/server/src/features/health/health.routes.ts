import { healthResponse, JOB_NAMES } from '@rrc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { serviceUnavailable } from '../../errors.ts';
import { responses } from '../../http/responses.ts';
import type { Services } from '../../services.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

export function healthRoutes(
  app: FastifyInstance,
  deps: { database: Database; services: Services; role: Role },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        response: responses({ 200: healthResponse }),
      },
    },
    async (_request, reply) => {
      const databaseOk = await deps.database.ping();
      reply.header('cache-control', 'no-store');
      if (!databaseOk)
        throw serviceUnavailable('The database is not reachable right now. Please try again later.');
      const latest = await deps.services.runs.latestPerJob(JOB_NAMES);
      return {
        success: true as const,
        data: {
          status: 'ok' as const,
          database: { ok: true, dialect: deps.database.dialect },
          version: VERSION,
          uptime_seconds: Math.round(process.uptime()),
          role: deps.role,
          scheduler: deps.services.scheduler !== null,
          jobs: latest.map((run) => ({
            job: run.job,
            status: run.status,
            started_at: run.started_at,
            finished_at: run.finished_at,
            error: run.error,
          })),
        },
      };
    },
  );
}

import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { healthJob } from './jobs.ts';

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['sqlite', 'postgres']) }),
  version: z.string(),
  uptime_seconds: z.number(),
  role: z.enum(['web', 'worker', 'all']),
  scheduler: z.boolean(),
  /** The latest run of each scraping job. */
  jobs: z.array(healthJob),
});
export const healthResponse = okEnvelope(health);

/** Liveness: the process answers. */
export const healthLiveResponse = okEnvelope(z.object({ status: z.literal('ok') }));
/** Readiness: the database answers, its migrations are current and the process is not shutting down. */
export const healthReadyResponse = okEnvelope(z.object({ status: z.literal('ready') }));
/** Why an instance is not ready, for machines (`reason`) and people (`error`). */
export const healthNotReadyReason = z.enum(['draining', 'database', 'migrations']);
export const healthNotReadyResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  reason: healthNotReadyReason,
});

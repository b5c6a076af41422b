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

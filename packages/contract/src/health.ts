import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['sqlite', 'postgres']) }),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof health>;
export const healthResponse = okEnvelope(health);

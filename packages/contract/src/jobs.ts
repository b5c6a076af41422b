import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { pageQuery, pagination } from './pagination.ts';

export const jobRun = z.object({
  id: z.number().int(),
  job: z.string(),
  trigger: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'partial', 'failed']),
  scheduled_for: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
  counts: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRun>;

export const jobRunResponse = okEnvelope(jobRun);
export const jobAccepted = okEnvelope(z.object({ jobId: z.number().int(), job: jobRun }));
export type JobAccepted = z.infer<typeof jobAccepted>['data'];

export const jobRunsQuery = pageQuery.extend({
  job: z
    .enum(['rising-stars', 'all-fictions', 'fiction'], {
      error: 'job must be rising-stars, all-fictions or fiction.',
    })
    .optional(),
});
export const jobRunsResponse = z.object({ success: z.literal(true), data: z.array(jobRun), pagination });

export const jobIdParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a number.' })
    .int('id must be a whole number.')
    .positive('id must be positive.')
    .max(2_147_483_647, 'id is too large.'),
});

/** A Royal Road fiction id in an address. */
export const royalroadIdParam = z.object({
  royalroadId: z
    .string()
    .regex(/^\d{1,10}$/, 'The Royal Road fiction id must be a number.')
    .transform(Number)
    .refine((id) => id > 0 && id <= 2_147_483_647, 'The Royal Road fiction id is out of range.'),
});

export const healthJob = z.object({
  job: z.string(),
  status: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});

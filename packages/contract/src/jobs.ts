import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { idParams } from './id-fields.ts';
import { pageQuery, pagination } from './pagination.ts';

/** The jobs the worker knows. */
export const JOB_NAMES = ['rising-stars', 'all-fictions', 'fiction', 'author-report'] as const;
export type JobName = (typeof JOB_NAMES)[number];

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
    .enum(JOB_NAMES, { error: `job must be ${JOB_NAMES.slice(0, -1).join(', ')} or ${JOB_NAMES.at(-1)}.` })
    .optional(),
});
export const jobRunsResponse = z.object({ success: z.literal(true), data: z.array(jobRun), pagination });

/** A Royal Road fiction id in an address. */
export const royalroadIdParam = idParams('royalroadId', 'The Royal Road fiction id');

export const healthJob = z.object({
  job: z.string(),
  status: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});

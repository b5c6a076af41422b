import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { JobRunsTable, JobStatus, Schema } from '../../db/schema.ts';

export type JobRunRow = Selectable<JobRunsTable>;

export interface NewJobRun {
  job: string;
  trigger: 'schedule' | 'catch-up' | 'manual' | 'cli' | 'refresh';
  params?: Record<string, unknown>;
  scheduledFor?: string | null;
  now: string;
}

/** Job runs are the schedule's memory: what ran, when, how far it got and how it ended. */
export function jobRunsRepository(db: Kysely<Schema>) {
  return {
    /**
     * Queues a run. For a scheduled time only the first caller gets a row: the
     * unique (job, scheduled_for) index makes each scheduled run happen once.
     * Returns the new run's id, or null when that scheduled run already exists.
     */
    async enqueue(run: NewJobRun): Promise<number | null> {
      const row = await db
        .insertInto('job_runs')
        .values({
          job: run.job,
          trigger: run.trigger,
          status: 'queued',
          params: JSON.stringify(run.params ?? {}),
          scheduled_for: run.scheduledFor ?? null,
          counts: '{}',
          created_at: run.now,
        })
        .onConflict((oc) => oc.columns(['job', 'scheduled_for']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Queues a run unless one of the same job is waiting or under way, and answers the run that will do the
     * work. Two requests at the same moment get the same run: PostgreSQL takes a per-job lock for the check,
     * SQLite runs one write transaction at a time.
     */
    enqueueUnlessActive(run: NewJobRun): Promise<{ id: number; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        if (trx.getExecutor().adapter instanceof PostgresAdapter) {
          await sql`select pg_advisory_xact_lock(hashtext(${`job_runs:${run.job}`}))`.execute(trx);
        } else {
          // Take SQLite's write lock before reading, so no other writer slips in between.
          await trx.updateTable('job_runs').set({ job: run.job }).where('id', '=', -1).execute();
        }
        const active = await trx
          .selectFrom('job_runs')
          .select('id')
          .where('job', '=', run.job)
          .where('status', 'in', ['queued', 'running'])
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (active) return { id: active.id, created: false };
        const row = await trx
          .insertInto('job_runs')
          .values({
            job: run.job,
            trigger: run.trigger,
            status: 'queued',
            params: JSON.stringify(run.params ?? {}),
            scheduled_for: null,
            counts: '{}',
            created_at: run.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id, created: true };
      });
    },

    /** Takes a queued run for this process; false when another process took it first. */
    async claim(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('job_runs')
        .set((eb) => ({
          status: 'running',
          started_at: now,
          heartbeat_at: now,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    queued(limit: number): Promise<JobRunRow[]> {
      return db
        .selectFrom('job_runs')
        .selectAll()
        .where('status', '=', 'queued')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async progress(
      id: number,
      update: { done: number; total: number | null; counts: object; now: string },
    ): Promise<void> {
      await db
        .updateTable('job_runs')
        .set({
          progress_done: update.done,
          progress_total: update.total,
          counts: JSON.stringify(update.counts),
          heartbeat_at: update.now,
        })
        .where('id', '=', id)
        .execute();
    },

    async finish(
      id: number,
      outcome: {
        status: Exclude<JobStatus, 'queued' | 'running'>;
        counts: object;
        error: string | null;
        now: string;
      },
    ): Promise<void> {
      await db
        .updateTable('job_runs')
        .set({
          status: outcome.status,
          counts: JSON.stringify(outcome.counts),
          error: outcome.error,
          finished_at: outcome.now,
          heartbeat_at: outcome.now,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Runs whose process stopped mid-way (no heartbeat since `staleBefore`) are
     * marked failed; scheduled ones are queued again once, so the cycle completes.
     */
    async recoverInterrupted(
      staleBefore: string,
      now: string,
    ): Promise<{ failed: number; requeued: number }> {
      const stale = await db
        .selectFrom('job_runs')
        .select(['id', 'scheduled_for', 'attempts'])
        .where('status', '=', 'running')
        .where('heartbeat_at', '<', staleBefore)
        .execute();
      let requeued = 0;
      for (const run of stale) {
        const again = run.scheduled_for !== null && run.attempts < 3;
        await db
          .updateTable('job_runs')
          .set(
            again
              ? { status: 'queued', error: 'Interrupted: the process stopped during the run; queued again.' }
              : {
                  status: 'failed',
                  error: 'Interrupted: the process stopped during the run.',
                  finished_at: now,
                },
          )
          .where('id', '=', run.id)
          .where('status', '=', 'running')
          .execute();
        if (again) requeued++;
      }
      return { failed: stale.length - requeued, requeued };
    },

    /** A run stopped by shutdown: queued again to resume, or failed. */
    async interrupt(id: number, options: { requeue: boolean; now: string }): Promise<void> {
      await db
        .updateTable('job_runs')
        .set(
          options.requeue
            ? { status: 'queued', error: 'Stopped by a shutdown; resumes at the next start.' }
            : {
                status: 'failed',
                error: 'Stopped: the server shut down during the run.',
                finished_at: options.now,
              },
        )
        .where('id', '=', id)
        .execute();
    },

    /** The run of `job` waiting or under way, if any. */
    activeRun(job: string): Promise<JobRunRow | undefined> {
      return db
        .selectFrom('job_runs')
        .selectAll()
        .where('job', '=', job)
        .where('status', 'in', ['queued', 'running'])
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /** Whether a run of `job` is waiting or under way. */
    async isActive(job: string): Promise<boolean> {
      const row = await db
        .selectFrom('job_runs')
        .select('id')
        .where('job', '=', job)
        .where('status', 'in', ['queued', 'running'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    get(id: number): Promise<JobRunRow | undefined> {
      return db.selectFrom('job_runs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findScheduled(job: string, scheduledFor: string): Promise<JobRunRow | undefined> {
      return db
        .selectFrom('job_runs')
        .selectAll()
        .where('job', '=', job)
        .where('scheduled_for', '=', scheduledFor)
        .executeTakeFirst();
    },

    async list(options: {
      offset: number;
      limit: number;
      job?: string;
    }): Promise<{ rows: JobRunRow[]; total: number }> {
      let query = db.selectFrom('job_runs');
      if (options.job) query = query.where('job', '=', options.job);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** The newest run of each job. */
    async latestPerJob(jobs: readonly string[]): Promise<JobRunRow[]> {
      const rows: JobRunRow[] = [];
      for (const job of jobs) {
        const row = await db
          .selectFrom('job_runs')
          .selectAll()
          .where('job', '=', job)
          .where('status', '!=', 'queued')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (row) rows.push(row);
      }
      return rows;
    },
  };
}

export type JobRunsRepository = ReturnType<typeof jobRunsRepository>;

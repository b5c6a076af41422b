import { type Kysely, PostgresAdapter, type Selectable, sql, type Transaction } from 'kysely';
import type { JobRunsTable, JobStatus, Schema } from '../../db/schema.ts';

export type JobRunRow = Selectable<JobRunsTable>;

export interface NewJobRun {
  job: string;
  trigger: 'schedule' | 'catch-up' | 'manual' | 'cli' | 'refresh' | 'add' | 'claim';
  params?: Record<string, unknown>;
  scheduledFor?: string | null;
  /** The reader who asked (a refresh). */
  requestedBy?: number | null;
  now: string;
}

/** The params of a single-fiction run, as stored: how runs of one fiction are found again. */
export const fictionRunParams = (royalroadId: number) => JSON.stringify({ royalroadId });

/** Takes a lock named `key` until the transaction ends, so that one check-then-insert runs at a time. */
async function lock(trx: Transaction<Schema>, key: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  } else {
    // SQLite has one writer at a time: take the write lock before reading, so no other writer slips in between.
    await trx.updateTable('job_runs').set({ job: key }).where('id', '=', -1).execute();
  }
}

function newRow(run: NewJobRun) {
  return {
    job: run.job,
    trigger: run.trigger,
    status: 'queued' as const,
    params: JSON.stringify(run.params ?? {}),
    scheduled_for: run.scheduledFor ?? null,
    requested_by: run.requestedBy ?? null,
    counts: '{}',
    created_at: run.now,
  };
}

/** Job runs are the schedule's memory: what ran, when, how far it got and how it ended. */
export function jobRunsRepository(db: Kysely<Schema>) {
  /** The run of `job` waiting or under way, if any. */
  const activeRun = (job: string): Promise<JobRunRow | undefined> =>
    db
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', job)
      .where('status', 'in', ['queued', 'running'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();

  return {
    /**
     * Queues a run. For a scheduled time only the first caller gets a row: the
     * unique (job, scheduled_for) index makes each scheduled run happen once.
     * Returns the new run's id, or null when a unique index refused it (that
     * scheduled run exists, or a requested capture is already waiting or under way).
     */
    async enqueue(run: NewJobRun): Promise<number | null> {
      const row = await db
        .insertInto('job_runs')
        .values(newRow(run))
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Queues a run unless one of the same job is waiting or under way, and answers the run that will do the
     * work. Two requests at the same moment get the same run: for Rising Stars captures the database decides,
     * since a unique index holds at most one requested capture waiting or under way; the one whose insert it
     * refuses answers the run that got in.
     */
    async enqueueUnlessActive(run: NewJobRun): Promise<{ id: number; created: boolean }> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const active = await activeRun(run.job);
        if (active) return { id: active.id, created: false };
        const row = await db
          .insertInto('job_runs')
          .values(newRow({ ...run, scheduledFor: null }))
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row) return { id: row.id, created: true };
        // Another request queued the same run between the look and the insert: answer that one.
      }
      throw new Error(`Could not queue a ${run.job} run: the active one kept changing.`);
    },

    /**
     * Queues a reader's refresh of one fiction unless they asked for `perDay` runs since `since`; the count
     * and the insert happen under a per-reader lock, so parallel requests cannot slip past the limit.
     * Refused: answers when the oldest counted run was asked for (the limit frees one 24 hours later).
     */
    enqueueRefresh(request: {
      royalroadId: number;
      userId: number;
      perDay: number;
      since: string;
      now: string;
    }): Promise<{ id: number } | { refused: true; oldest: string }> {
      return db.transaction().execute(async (trx) => {
        await lock(trx, `job_runs:refresh:${request.userId}`);
        const used = await refreshesOf(trx, request.userId, request.since);
        if (used.length >= request.perDay) return { refused: true as const, oldest: used[0] as string };
        const row = await trx
          .insertInto('job_runs')
          .values(
            newRow({
              job: 'fiction',
              trigger: 'refresh',
              params: { royalroadId: request.royalroadId },
              requestedBy: request.userId,
              now: request.now,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id };
      });
    },

    /** When the reader's refreshes since `since` were asked for, oldest first. */
    refreshesSince(userId: number, since: string): Promise<string[]> {
      return refreshesOf(db, userId, since);
    },

    /** The single-fiction run of this fiction waiting or under way, if any (whoever asked for it). */
    activeFictionRun(royalroadId: number): Promise<JobRunRow | undefined> {
      return db
        .selectFrom('job_runs')
        .selectAll()
        .where('job', '=', 'fiction')
        .where('params', '=', fictionRunParams(royalroadId))
        .where('status', 'in', ['queued', 'running'])
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /** The reader's newest refresh of this fiction asked for since `since`, if any. */
    latestRefresh(userId: number, royalroadId: number, since: string): Promise<JobRunRow | undefined> {
      return db
        .selectFrom('job_runs')
        .selectAll()
        .where('requested_by', '=', userId)
        .where('job', '=', 'fiction')
        .where('params', '=', fictionRunParams(royalroadId))
        .where('created_at', '>', since)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Takes a run for a worker: a queued one, or one under way whose worker's lease lapsed (the worker died:
     * it is taken over). The worker holds it until `lease.until`, renewing as it works. False when another
     * worker took it first.
     */
    async claim(
      id: number,
      now: string,
      /** The worker, its lease's end, and the real time (`at`) by which leases are measured. */
      lease?: { owner: string; until: string; at: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('job_runs')
        .set((eb) => ({
          status: 'running',
          // A run taken over keeps the time it first started.
          started_at: eb.fn.coalesce('started_at', eb.val(now)),
          heartbeat_at: now,
          attempts: eb('attempts', '+', 1),
          lease_owner: lease?.owner ?? null,
          lease_until: lease?.until ?? null,
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'queued'),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<', lease?.at ?? '')]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The worker still holds the run: its lease runs on to `until`. False when it no longer does (its lease
     * lapsed and another worker took the run over, or the run was handed back): it must stop writing.
     */
    async renew(id: number, owner: string, now: string, until: string): Promise<boolean> {
      // `until` is in real time (leases are measured by it), `now` in the run's clock (its heartbeat).
      const result = await db
        .updateTable('job_runs')
        .set({ lease_until: until, heartbeat_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Runs a worker may take, oldest first, except that scheduled work (captures, the nightly refresh) comes
     * before single fictions: the queued ones, and those whose worker's lease lapsed at `leaseNow` (real time).
     */
    queued(limit: number, leaseNow: string): Promise<JobRunRow[]> {
      return db
        .selectFrom('job_runs')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('status', '=', 'queued'),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<', leaseNow)]),
          ]),
        )
        .orderBy((eb) => eb.case().when('job', '=', 'fiction').then(1).else(0).end())
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Records how far the run got; only its holder's word counts (`owner`), once another took it over. */
    async progress(
      id: number,
      update: { done: number; total: number | null; counts: object; now: string; owner?: string },
    ): Promise<boolean> {
      let query = db
        .updateTable('job_runs')
        .set({
          progress_done: update.done,
          progress_total: update.total,
          counts: JSON.stringify(update.counts),
          heartbeat_at: update.now,
        })
        .where('id', '=', id);
      if (update.owner) query = query.where('lease_owner', '=', update.owner);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async finish(
      id: number,
      outcome: {
        status: Exclude<JobStatus, 'queued' | 'running'>;
        counts: object;
        error: string | null;
        now: string;
        /** The worker holding the run: a worker whose run was taken over records nothing. */
        owner?: string;
      },
    ): Promise<void> {
      let query = db
        .updateTable('job_runs')
        .set({
          status: outcome.status,
          counts: JSON.stringify(outcome.counts),
          error: outcome.error,
          finished_at: outcome.now,
          heartbeat_at: outcome.now,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', id);
      if (outcome.owner) query = query.where('lease_owner', '=', outcome.owner);
      await query.execute();
    },

    /**
     * Runs whose worker stopped mid-way and will not be taken over: those from before leases (no heartbeat
     * since `staleBefore`) are queued again once if scheduled, else failed; a run whose lease lapsed after it
     * was already tried `maxAttempts` times (it keeps killing its workers) is failed. Other lapsed runs are
     * left for `queued`/`claim` to take over.
     */
    async recoverInterrupted(
      staleBefore: string,
      now: string,
      maxAttempts = 3,
      /** The real time leases are measured by. */
      leaseNow = new Date().toISOString(),
    ): Promise<{ failed: number; requeued: number }> {
      const stale = await db
        .selectFrom('job_runs')
        .select(['id', 'scheduled_for', 'attempts', 'lease_until'])
        .where('status', '=', 'running')
        .where((eb) =>
          eb.or([
            eb.and([eb('lease_until', 'is', null), eb('heartbeat_at', '<', staleBefore)]),
            eb.and([eb('lease_until', '<', leaseNow), eb('attempts', '>=', maxAttempts)]),
          ]),
        )
        .execute();
      let requeued = 0;
      for (const run of stale) {
        const again = run.lease_until === null && run.scheduled_for !== null && run.attempts < maxAttempts;
        await db
          .updateTable('job_runs')
          .set(
            again
              ? { status: 'queued', error: 'Interrupted: the process stopped during the run; queued again.' }
              : {
                  status: 'failed',
                  error:
                    run.lease_until === null
                      ? 'Interrupted: the process stopped during the run.'
                      : `Interrupted: its worker stopped during each of ${run.attempts} tries.`,
                  finished_at: now,
                  lease_owner: null,
                  lease_until: null,
                },
          )
          .where('id', '=', run.id)
          .where('status', '=', 'running')
          .execute();
        if (again) requeued++;
      }
      return { failed: stale.length - requeued, requeued };
    },

    /**
     * A run handed back by its worker (the worker is stopping): queued again with no lease, so another worker
     * takes it at once and continues it. Not the holder any more: nothing happens.
     */
    async handBack(id: number, owner: string): Promise<void> {
      await db
        .updateTable('job_runs')
        .set({
          status: 'queued',
          error: 'Handed back by a stopping worker; another worker continues it.',
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('lease_owner', '=', owner)
        .execute();
    },

    activeRun,

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

async function refreshesOf(db: Kysely<Schema>, userId: number, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('job_runs')
    .select('created_at')
    .where('requested_by', '=', userId)
    .where('trigger', '=', 'refresh')
    // A refresh that failed (Royal Road unreachable or refusing, or the site's own fault) costs the reader nothing.
    .where('status', '!=', 'failed')
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}

import type { JobName } from '@rrc/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { collectingLogger, createSharedTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import { JobRunner } from './job-runner.ts';
import { jobRunsRepository } from './job-runs.repository.ts';
import { Scheduler } from './scheduler.ts';

type Shared = Awaited<ReturnType<typeof createSharedTestDatabase>>;
let shared: Shared | undefined;
afterEach(async () => {
  await shared?.close();
  shared = undefined;
});

/** A process: its own connection, runner and scheduler, jobs that only count their executions. */
function startProcess(
  database: Database,
  clock: { now: Date },
  executed: Array<{ job: string; scheduledFor: string }>,
) {
  const runs = jobRunsRepository(database.db);
  const handler =
    (job: JobName): JobHandler =>
    async (context) => {
      executed.push({ job, scheduledFor: context.scheduledFor });
      return { status: 'succeeded', counts: {} };
    };
  const logs: string[] = [];
  const runner = new JobRunner({
    runs,
    log: collectingLogger(logs),
    now: () => clock.now,
    executes: true,
    handlers: {
      'rising-stars': handler('rising-stars'),
      'all-fictions': handler('all-fictions'),
      fiction: handler('fiction'),
    },
  });
  const scheduler = new Scheduler({ runner, runs, log: collectingLogger(logs), now: () => clock.now });
  return { runs, runner, scheduler, logs };
}

async function settle(...processes: Array<ReturnType<typeof startProcess>>) {
  for (let i = 0; i < 5; i++) await Promise.all(processes.map((process) => process.runner.pump()));
  await Promise.all(processes.map((process) => process.runner.stop()));
}

describe('scheduler', () => {
  it('starts a run missed while no process was up, once, at boot', async () => {
    shared = await createSharedTestDatabase();
    const clock = { now: new Date('2026-11-21T15:00:00.000Z') }; // 07:00 Pacific
    const executed: Array<{ job: string; scheduledFor: string }> = [];
    const process = startProcess(shared.open(), clock, executed);

    expect(await process.scheduler.catchUp()).toBe(2);
    await settle(process);
    expect(executed).toEqual(
      expect.arrayContaining([
        { job: 'rising-stars', scheduledFor: '2026-11-21T14:24:00.000Z' },
        { job: 'all-fictions', scheduledFor: '2026-11-21T08:24:00.000Z' },
      ]),
    );
    expect(executed).toHaveLength(2);

    // A restart later the same morning finds nothing missed.
    clock.now = new Date('2026-11-21T16:00:00.000Z');
    const restarted = startProcess(shared.open(), clock, executed);
    expect(await restarted.scheduler.catchUp()).toBe(0);
    await settle(restarted);
    expect(executed).toHaveLength(2);
  });

  it('gives exactly one run per scheduled time with two processes', async () => {
    shared = await createSharedTestDatabase();
    const clock = { now: new Date('2026-11-21T14:00:00.000Z') };
    const executed: Array<{ job: string; scheduledFor: string }> = [];
    const a = startProcess(shared.open(), clock, executed);
    const b = startProcess(shared.open(), clock, executed);
    await Promise.all([a.scheduler.catchUp(), b.scheduler.catchUp()]);
    await settle(a, b);
    executed.length = 0;

    // A day passes: both processes check at the same moments.
    const a2 = startProcess(shared.open(), clock, executed);
    const b2 = startProcess(shared.open(), clock, executed);
    await Promise.all([a2.scheduler.catchUp(), b2.scheduler.catchUp()]);
    for (let hour = 1; hour <= 24; hour++) {
      clock.now = new Date(Date.parse('2026-11-21T14:00:00.000Z') + hour * 3_600_000);
      await Promise.all([a2.scheduler.checkDue(), b2.scheduler.checkDue()]);
      await Promise.all([a2.runner.pump(), b2.runner.pump()]);
    }
    await settle(a2, b2);

    const risingStars = executed.filter((run) => run.job === 'rising-stars').map((run) => run.scheduledFor);
    const allFictions = executed.filter((run) => run.job === 'all-fictions').map((run) => run.scheduledFor);
    expect(risingStars.sort()).toEqual([
      '2026-11-21T14:24:00.000Z',
      '2026-11-21T20:24:00.000Z',
      '2026-11-22T02:24:00.000Z',
      '2026-11-22T08:24:00.000Z',
    ]);
    expect(allFictions).toEqual(['2026-11-22T08:24:00.000Z']);
    const { rows } = await a2.runs.list({ offset: 0, limit: 100 });
    expect(rows.filter((row) => row.trigger === 'schedule')).toHaveLength(5);
    expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
  });

  it('queues an interrupted scheduled run again so the cycle completes', async () => {
    shared = await createSharedTestDatabase();
    const clock = { now: new Date('2026-11-21T09:00:00.000Z') };
    const database = shared.open();
    const runs = jobRunsRepository(database.db);
    const id = await runs.enqueue({
      job: 'all-fictions',
      trigger: 'schedule',
      scheduledFor: '2026-11-21T08:24:00.000Z',
      now: '2026-11-21T08:24:00.000Z',
    });
    expect(id).not.toBeNull();
    // A process claimed it and died: its heartbeat stops at 08:30.
    await runs.claim(id as number, '2026-11-21T08:30:00.000Z');

    const executed: Array<{ job: string; scheduledFor: string }> = [];
    const process = startProcess(database, clock, executed);
    await process.runner.recover();
    await settle(process);
    expect(executed).toEqual([{ job: 'all-fictions', scheduledFor: '2026-11-21T08:24:00.000Z' }]);
    expect((await runs.get(id as number))?.status).toBe('succeeded');
  });

  it('hands the runs stopped by a shutdown back to the queue, scheduled or manual, for another worker at once', async () => {
    shared = await createSharedTestDatabase();
    const database = shared.open();
    const runs = jobRunsRepository(database.db);
    const started: number[] = [];
    const waitForAbort: JobHandler = (context) =>
      new Promise((_resolve, reject) => {
        started.push(context.runId);
        context.signal.addEventListener('abort', () => reject(context.signal.reason));
      });
    const runner = new JobRunner({
      runs,
      log: collectingLogger([]),
      executes: true,
      handlers: { 'rising-stars': waitForAbort, 'all-fictions': waitForAbort, fiction: waitForAbort },
    });
    const scheduled = await runner.enqueue('all-fictions', {
      trigger: 'schedule',
      scheduledFor: '2026-11-21T08:24:00.000Z',
    });
    const manual = await runner.enqueue('rising-stars', { trigger: 'manual' });
    await expect.poll(() => started.length).toBe(2);
    await runner.stop();
    for (const id of [scheduled, manual]) {
      const run = await runs.get(id as number);
      expect(run?.status).toBe('queued');
      expect(run?.lease_owner).toBeNull();
      expect(run?.lease_until).toBeNull();
    }
  });
});

describe('a manual run requested by several processes at once', () => {
  it('is queued once; every request gets the same run', async () => {
    shared = await createSharedTestDatabase();
    // Four connections to one database, standing in for four processes: each request looks for a capture
    // under way, finds none, and inserts; the database lets only one insert through.
    const databases = [shared.open(), shared.open(), shared.open(), shared.open()];
    const ids = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        jobRunsRepository((databases[i % databases.length] as Database).db).enqueueUnlessActive({
          job: 'rising-stars',
          trigger: 'manual',
          now: '2026-11-21T09:00:00.000Z',
        }),
      ),
    );
    expect(new Set(ids.map((entry) => entry.id)).size).toBe(1);
    expect(ids.filter((entry) => entry.created)).toHaveLength(1);
    const { rows } = await jobRunsRepository((databases[0] as Database).db).list({ offset: 0, limit: 50 });
    expect(rows).toHaveLength(1);
  });

  it('cannot be queued twice even by inserts that skip the check: the database refuses the second', async () => {
    shared = await createSharedTestDatabase();
    const database = shared.open();
    const runs = jobRunsRepository(database.db);
    const capture = { job: 'rising-stars', trigger: 'manual', now: '2026-11-21T09:00:00.000Z' } as const;
    const insert = () =>
      database.db
        .insertInto('job_runs')
        .values({
          job: 'rising-stars',
          trigger: 'manual',
          status: 'queued',
          params: '{}',
          counts: '{}',
          created_at: capture.now,
        })
        .execute();
    const first = await runs.enqueue(capture);
    expect(first).not.toBeNull();
    await expect(insert()).rejects.toThrow(/unique/i);
    expect(await runs.enqueue({ ...capture, trigger: 'cli' })).toBeNull();
    // The schedule's own runs are not held back by a requested one.
    const scheduled = await runs.enqueue({
      job: 'rising-stars',
      trigger: 'schedule',
      scheduledFor: '2026-11-21T14:24:00.000Z',
      now: capture.now,
    });
    expect(scheduled).not.toBeNull();
    // Once the requested capture has finished, another may be asked for.
    await runs.claim(first as number, capture.now);
    await runs.finish(first as number, { status: 'succeeded', counts: {}, error: null, now: capture.now });
    await runs.finish(scheduled as number, {
      status: 'succeeded',
      counts: {},
      error: null,
      now: capture.now,
    });
    expect(await runs.enqueueUnlessActive(capture)).toMatchObject({ created: true });
  });
});

describe('the job runner', () => {
  it('keeps taking runs queued while it was full', async () => {
    shared = await createSharedTestDatabase();
    const database = shared.open();
    const runs = jobRunsRepository(database.db);
    const release: Array<() => void> = [];
    const finished: number[] = [];
    const runner = new JobRunner({
      runs,
      log: collectingLogger([]),
      executes: true,
      handlers: {
        'rising-stars': async () => ({ status: 'succeeded', counts: {} }),
        'all-fictions': async () => ({ status: 'succeeded', counts: {} }),
        fiction: async (context) => {
          await new Promise<void>((resolve) => release.push(resolve));
          finished.push(context.runId);
          return { status: 'succeeded', counts: {} };
        },
      },
    });
    // Three single-fiction runs fill what they may take of the runner; the next ones are queued meanwhile.
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await runner.enqueue('fiction', { trigger: 'manual' })) as number);
    await expect.poll(() => release.length).toBe(3);
    for (let i = 0; i < 3; i++) ids.push((await runner.enqueue('fiction', { trigger: 'manual' })) as number);
    for (let round = 0; round < 10 && finished.length < 7; round++) {
      for (const resolve of release.splice(0)) resolve();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(finished.sort((a, b) => a - b)).toEqual(ids);
    await runner.stop();
  });

  it("starts a capture at once while readers' refreshes fill their part of it and more wait", async () => {
    shared = await createSharedTestDatabase();
    const runs = jobRunsRepository(shared.open().db);
    const release: Array<() => void> = [];
    const started: string[] = [];
    const blocked = (job: string) => async () => {
      started.push(job);
      await new Promise<void>((resolve) => release.push(resolve));
      return { status: 'succeeded' as const, counts: {} };
    };
    const runner = new JobRunner({
      runs,
      log: collectingLogger([]),
      executes: true,
      handlers: {
        'rising-stars': blocked('rising-stars'),
        'all-fictions': blocked('all-fictions'),
        fiction: blocked('fiction'),
      },
    });
    for (let i = 0; i < 6; i++) await runner.enqueue('fiction', { trigger: 'refresh' });
    await expect.poll(() => started.length).toBe(3);
    // Queued after six refreshes, the capture does not wait for them.
    await runner.enqueue('rising-stars', { trigger: 'manual' });
    await expect.poll(() => started).toEqual(['fiction', 'fiction', 'fiction', 'rising-stars']);
    for (let round = 0; round < 10 && started.length < 7; round++) {
      for (const resolve of release.splice(0)) resolve();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(started).toHaveLength(7);
    for (const resolve of release.splice(0)) resolve();
    await runner.stop();
  });
});

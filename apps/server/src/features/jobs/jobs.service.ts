import { JOB_NAMES, type JobName, type JobRun, type ScrapeHealth } from '@rrc/contract';
import { toJobRun } from './job-run.mapper.ts';
import type { JobRunner } from './job-runner.ts';
import type { JobRunsRepository } from './job-runs.repository.ts';
import { nextRunTimes, SCHEDULE, SCHEDULE_TIMEZONE } from './schedule.ts';

type Trigger = Parameters<JobRunner['enqueue']>[1]['trigger'];

const pacificClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHEDULE_TIMEZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** Every job the admin page reports on: the scheduled ones, then single-fiction scrapes. */
const REPORTED_JOBS = [
  ...SCHEDULE.map((entry) => ({ job: entry.job, description: entry.description, entry })),
  { job: 'fiction', description: 'one fiction, on request (manual scrapes and refreshes)', entry: null },
] as const;

/**
 * Job runs as the rest of the server sees them: queueing work (the runner executes it in workers), following
 * runs, and how the scheduled scrapes are doing. Runs are answered in the contract's shape.
 */
export function jobsService(deps: {
  runner: JobRunner;
  runs: JobRunsRepository;
  /** Whether this process queues the scheduled runs. */
  scheduler: boolean;
  /** Whether scheduled runs happen at all (SCHEDULER), whichever process queues them. */
  scheduleOn: boolean;
}) {
  const { runner, runs } = deps;
  const shaped = (row: Awaited<ReturnType<JobRunsRepository['get']>>) => (row ? toJobRun(row) : undefined);

  return {
    /** Whether this process runs the jobs it queues (ROLE worker or all). */
    get executes(): boolean {
      return runner.executes;
    },

    /** Whether this process queues the scheduled runs. */
    scheduler: deps.scheduler,

    /** Queues a run; null when that scheduled run exists already. */
    enqueue(job: JobName, options: { params?: Record<string, unknown>; trigger: Trigger }) {
      return runner.enqueue(job, options);
    },

    /** Queues a run unless one of the same job is waiting or under way; answers the run doing the work. */
    enqueueUnlessActive(job: JobName, options: { params?: Record<string, unknown>; trigger: Trigger }) {
      return runner.enqueueUnlessActive(job, options);
    },

    /** Queues a reader's refresh within their daily limit. */
    enqueueRefresh(request: Parameters<JobRunner['enqueueRefresh']>[0]) {
      return runner.enqueueRefresh(request);
    },

    async get(id: number): Promise<JobRun | undefined> {
      return shaped(await runs.get(id));
    },

    /** The run once it has finished, or as it stands after `timeoutMs`. */
    async waitFor(id: number, timeoutMs: number): Promise<JobRun | undefined> {
      return shaped(await runner.waitFor(id, timeoutMs));
    },

    async list(options: { page: number; limit: number; job?: string }) {
      const { page, limit, job } = options;
      const { rows, total } = await runs.list({ offset: (page - 1) * limit, limit, job });
      return { runs: rows.map(toJobRun), total };
    },

    /** When a reader's refreshes since `since` were asked for, oldest first. */
    refreshesSince: (userId: number, since: string) => runs.refreshesSince(userId, since),

    /** The refresh of a fiction waiting or under way, else the reader's latest one since `since`. */
    async currentRefresh(userId: number, royalroadId: number, since: string): Promise<JobRun | undefined> {
      const row =
        (await runs.activeFictionRun(royalroadId)) ?? (await runs.latestRefresh(userId, royalroadId, since));
      return shaped(row);
    },

    /** The run of a fiction waiting or under way, if any. */
    async activeFictionRun(royalroadId: number): Promise<JobRun | undefined> {
      return shaped(await runs.activeFictionRun(royalroadId));
    },

    /** The newest run of every job. */
    async latestOfEach(): Promise<JobRun[]> {
      return (await runs.latestPerJob(JOB_NAMES)).map(toJobRun);
    },

    /**
     * Each reported job's last run and duration, when the newest data of its kind was captured (`lastCaptures`,
     * read from the data by the caller) and the next two scheduled times (also in Pacific time); none when
     * the scheduler is off.
     */
    async scrapeHealth(
      now: Date,
      lastCaptures: Partial<Record<JobName, string | null>> = {},
    ): Promise<{ timezone: string; scheduler: boolean; jobs: ScrapeHealth[] }> {
      const latest = await runs.latestPerJob(REPORTED_JOBS.map((entry) => entry.job));
      const jobs = REPORTED_JOBS.map(({ job, description, entry }) => {
        const row = latest.find((run) => run.job === job);
        const started = row?.started_at ? Date.parse(row.started_at) : null;
        const ended = row?.finished_at ? Date.parse(row.finished_at) : now.getTime();
        return {
          job,
          description,
          last_run: row ? toJobRun(row) : null,
          last_duration_ms: started === null ? null : Math.max(0, ended - started),
          last_capture_at: lastCaptures[job] ?? null,
          next_runs:
            entry && deps.scheduleOn
              ? nextRunTimes(entry, now, 2).map((at) => ({
                  at: at.toISOString(),
                  pacific: pacificClock.format(at),
                }))
              : [],
        };
      });
      return { timezone: SCHEDULE_TIMEZONE, scheduler: deps.scheduleOn, jobs };
    },
  };
}

export type JobsService = ReturnType<typeof jobsService>;

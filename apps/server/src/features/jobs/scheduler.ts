import type { JobLogger } from '../../lib/jobs.ts';
import type { JobRunner } from './job-runner.ts';
import type { JobRunsRepository } from './job-runs.repository.ts';
import { nextRunTimes, previousRunTime, runTimesBetween, SCHEDULE, type ScheduledJob } from './schedule.ts';

const MAX_SLEEP_MS = 60_000;

export interface SchedulerDeps {
  runner: JobRunner;
  runs: JobRunsRepository;
  log: JobLogger;
  now?: () => Date;
  schedule?: readonly ScheduledJob[];
}

/**
 * Queues each scheduled run once, at its Pacific time. Every process that
 * schedules may try: the unique (job, scheduled_for) row lets only the first
 * one through, so several instances still give one run per scheduled time.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private lastCheck: Date;
  private readonly now: () => Date;
  private readonly deps: SchedulerDeps;

  constructor(deps: SchedulerDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
    this.lastCheck = this.now();
  }

  private get schedule() {
    return this.deps.schedule ?? SCHEDULE;
  }

  /** Queues the latest run of each job that should have happened while no process was running. */
  async catchUp(): Promise<number> {
    const now = this.now();
    let queued = 0;
    for (const entry of this.schedule) {
      if (entry.catchUp === false) continue;
      const missed = previousRunTime(entry, now);
      if (!missed) continue;
      const scheduledFor = missed.toISOString();
      if (await this.deps.runs.findScheduled(entry.job, scheduledFor)) continue;
      const id = await this.deps.runner.enqueue(entry.job, { trigger: 'catch-up', scheduledFor });
      if (id !== null) {
        queued++;
        this.deps.log.info(`scheduler: ${entry.job} run of ${scheduledFor} was missed; starting it now`);
      }
    }
    this.lastCheck = now;
    return queued;
  }

  /** Queues every run whose time came since the last check. */
  async checkDue(): Promise<number> {
    const now = this.now();
    let queued = 0;
    for (const entry of this.schedule) {
      for (const time of runTimesBetween(entry, this.lastCheck, now)) {
        const id = await this.deps.runner.enqueue(entry.job, {
          trigger: 'schedule',
          scheduledFor: time.toISOString(),
        });
        if (id !== null) queued++;
      }
    }
    this.lastCheck = now;
    return queued;
  }

  /** The next run time of each job. */
  upcoming(count = 1): Array<{ job: string; description: string; times: string[] }> {
    const now = this.now();
    return this.schedule.map((entry) => ({
      job: entry.job,
      description: entry.description,
      times: nextRunTimes(entry, now, count).map((time) => time.toISOString()),
    }));
  }

  async start(): Promise<void> {
    await this.catchUp();
    this.arm();
  }

  private arm() {
    const now = this.now();
    const next = Math.min(
      ...this.schedule.map((entry) => nextRunTimes(entry, now)[0]?.getTime() ?? Infinity),
    );
    // Short sleeps keep the schedule right across clock changes and long timer drift.
    const delay = Math.max(250, Math.min(MAX_SLEEP_MS, next - now.getTime() + 50));
    this.timer = setTimeout(() => {
      this.checkDue()
        .catch((error: unknown) => {
          this.deps.log.error(`scheduler: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => {
          if (this.timer) this.arm();
        });
    }, delay);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

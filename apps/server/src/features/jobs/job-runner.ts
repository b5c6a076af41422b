import { randomUUID } from 'node:crypto';
import { JOB_NAMES, type JobName } from '@rrc/contract';
import type { JobContext, JobHandler, JobLogger } from '../../lib/jobs.ts';
import type { JobRunRow, JobRunsRepository } from './job-runs.repository.ts';

/** How long a claimed run stays its worker's without a renewal; the worker renews every third of it. */
export const LEASE_MS = 60_000;
/** Tries of one run (claims, takeovers included) before a run that keeps killing its workers is failed. */
const MAX_TRIES = 3;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** A running job from before leases without a heartbeat for this long belongs to a process that stopped. */
export const STALE_AFTER_MS = 10 * 60_000;
const MAX_CONCURRENT = 4;
/**
 * Jobs that read Royal Road in its interactive queue (one fiction at a time). They never take the last slot,
 * and queued scheduled work is claimed before them, so a capture never waits behind readers' refreshes.
 */
const INTERACTIVE_JOBS: ReadonlySet<string> = new Set<JobName>(['fiction']);

export interface JobRunnerOptions {
  runs: JobRunsRepository;
  /** What each job does; a process without a job's handler fails its runs as unknown. */
  handlers: Partial<Record<JobName, JobHandler>>;
  log: JobLogger;
  now?: () => Date;
  /** Whether this process executes jobs (ROLE worker or all); web-only processes just queue them. */
  executes: boolean;
  pollMs?: number;
  /** How long a claimed run's lease lasts (LEASE_MS); renewed every `renewMs` (a third of it). */
  leaseMs?: number;
  renewMs?: number;
  /** Who this worker is in the runs' leases (a new id by default). */
  owner?: string;
}

/** Thrown into a run whose worker lost it (its lease lapsed and another worker took it over). */
export class RunTakenOver extends Error {
  constructor(runId: number) {
    super(`run ${runId} was taken over by another worker`);
    this.name = 'RunTakenOver';
  }
}

/**
 * Executes queued job runs. Runs are rows in `job_runs`: anyone (the scheduler,
 * an admin's request, the CLI) queues one, a worker claims it atomically and
 * runs it, so a run happens once even with several processes. A claimed run
 * carries a lease (`lease_owner`, `lease_until`) that its worker renews while
 * it works; when a worker dies its lease lapses and another worker takes the
 * run over, and the job continues with what was not yet done (a worker that
 * finds its run taken over stops without writing). A stopping worker hands its
 * runs back (`handBack`), so another takes them at once.
 */
export class JobRunner {
  private readonly options: Required<Omit<JobRunnerOptions, 'now' | 'renewMs'>> & {
    now: () => Date;
    renewMs: number;
  };
  private readonly active = new Map<number, Promise<void>>();
  private readonly activeInteractive = new Set<number>();
  private readonly controllers = new Map<number, AbortController>();
  private pollTimer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  /** Set when pump() is called while a pass is under way: the pass then reads the queue again. */
  private pumpAgain = false;
  private stopped = false;

  constructor(options: JobRunnerOptions) {
    const leaseMs = options.leaseMs ?? LEASE_MS;
    this.options = {
      pollMs: 5_000,
      now: () => new Date(),
      owner: randomUUID(),
      leaseMs,
      renewMs: Math.floor(leaseMs / 3),
      ...options,
    };
  }

  /**
   * A lease from now. Leases are measured in real time, not by the runs' clock (which tests move at will): a
   * worker is taken for dead when it has not renewed for `leaseMs` of real time.
   */
  private lease() {
    const at = Date.now();
    return {
      owner: this.options.owner,
      until: new Date(at + this.options.leaseMs).toISOString(),
      at: new Date(at).toISOString(),
    };
  }

  private iso() {
    return this.options.now().toISOString();
  }

  /** Queues a run and, in a worker, starts it at once. Returns the run id (null: that scheduled run exists). */
  async enqueue(
    job: JobName,
    options: {
      params?: Record<string, unknown>;
      trigger: Parameters<JobRunsRepository['enqueue']>[0]['trigger'];
      scheduledFor?: string;
    },
  ): Promise<number | null> {
    const id = await this.options.runs.enqueue({
      job,
      trigger: options.trigger,
      params: options.params,
      scheduledFor: options.scheduledFor ?? null,
      now: this.iso(),
    });
    if (id !== null && this.options.executes) void this.pump();
    return id;
  }

  /** Queues a run unless one of the same job is waiting or under way; answers the run doing the work. */
  async enqueueUnlessActive(
    job: JobName,
    options: {
      params?: Record<string, unknown>;
      trigger: Parameters<JobRunsRepository['enqueue']>[0]['trigger'];
    },
  ): Promise<number> {
    const { id, created } = await this.options.runs.enqueueUnlessActive({
      job,
      trigger: options.trigger,
      params: options.params,
      now: this.iso(),
    });
    if (created && this.options.executes) void this.pump();
    return id;
  }

  /** Queues a reader's refresh within their daily limit (see the repository); in a worker it starts at once. */
  async enqueueRefresh(request: Omit<Parameters<JobRunsRepository['enqueueRefresh']>[0], 'now'>) {
    const result = await this.options.runs.enqueueRefresh({ ...request, now: this.iso() });
    if ('id' in result && this.options.executes) void this.pump();
    return result;
  }

  /** Whether this process runs the jobs it queues (ROLE worker or all). */
  get executes(): boolean {
    return this.options.executes;
  }

  /** Waits until a run has finished (for the CLI and for short refreshes), up to `timeoutMs`. */
  async waitFor(id: number, timeoutMs: number): Promise<JobRunRow | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const running = this.active.get(id);
      if (running)
        await Promise.race([
          running,
          new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
        ]);
      const row = await this.options.runs.get(id);
      if (!row || (row.status !== 'queued' && row.status !== 'running') || Date.now() >= deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Starts polling for queued runs (workers only), after recovering runs a stopped process left behind. */
  async start(): Promise<void> {
    if (!this.options.executes) return;
    this.stopped = false;
    await this.recover();
    await this.pump();
    this.pollTimer = setInterval(() => {
      void this.recover().then(() => this.pump());
    }, this.options.pollMs);
    this.pollTimer.unref();
  }

  async recover(): Promise<void> {
    const staleBefore = new Date(this.options.now().getTime() - STALE_AFTER_MS).toISOString();
    const { failed, requeued } = await this.options.runs.recoverInterrupted(
      staleBefore,
      this.iso(),
      MAX_TRIES,
    );
    if (failed || requeued)
      this.options.log.warn(`jobs: ${failed + requeued} interrupted run(s) found; ${requeued} queued again`);
  }

  /**
   * Runs one queued run in this process and nothing else (the command line:
   * it must not take runs other processes queued, since it exits when done).
   */
  async runOne(id: number): Promise<JobRunRow | undefined> {
    const run = await this.options.runs.get(id);
    if (!run || !(await this.options.runs.claim(id, this.iso(), this.lease()))) return run;
    const execution = this.execute(run).finally(() => this.active.delete(id));
    this.active.set(id, execution);
    await execution;
    return this.options.runs.get(id);
  }

  /** Claims and starts queued runs, a few at a time. Calls while one pass is under way share it. */
  pump(): Promise<void> {
    if (this.pumping) {
      // The pass under way may have read the queue already: it reads it once more before it ends, so a run
      // queued meanwhile is not left for the next poll.
      this.pumpAgain = true;
      return this.pumping;
    }
    // `finally` runs after this assignment even when the pass has nothing to do (a full runner), so a
    // finished pass is always forgotten and the next call starts a new one.
    const pass = (async () => {
      do {
        this.pumpAgain = false;
        await this.drain();
      } while (this.pumpAgain && !this.stopped);
    })().finally(() => {
      if (this.pumping === pass) this.pumping = undefined;
    });
    this.pumping = pass;
    return pass;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && this.active.size < MAX_CONCURRENT) {
        const queued = (await this.options.runs.queued(MAX_CONCURRENT, new Date().toISOString())).filter(
          (run) => !this.active.has(run.id),
        );
        let started = 0;
        for (const run of queued) {
          if (this.active.size >= MAX_CONCURRENT) break;
          const interactive = INTERACTIVE_JOBS.has(run.job);
          if (interactive && this.activeInteractive.size >= MAX_CONCURRENT - 1) continue;
          if (!(await this.options.runs.claim(run.id, this.iso(), this.lease()))) continue;
          started++;
          if (interactive) this.activeInteractive.add(run.id);
          const execution = this.execute(run).finally(() => {
            this.active.delete(run.id);
            this.activeInteractive.delete(run.id);
            if (!this.stopped) void this.pump();
          });
          this.active.set(run.id, execution);
        }
        if (started === 0) break;
      }
    } catch (error) {
      this.options.log.error(`jobs: could not read the queue: ${messageOf(error)}`);
    }
  }

  private async execute(run: JobRunRow): Promise<void> {
    const { runs, log, owner } = this.options;
    const name = run.job as JobName;
    const handler = JOB_NAMES.includes(name) ? this.options.handlers[name] : undefined;
    if (!handler) {
      await runs.finish(run.id, {
        status: 'failed',
        counts: {},
        error: `Unknown job ${run.job}`,
        now: this.iso(),
        owner,
      });
      return;
    }
    const controller = new AbortController();
    this.controllers.set(run.id, controller);
    let lost = false;
    /** The run is no longer ours: another worker took it over. Stop, and write nothing more. */
    const lose = () => {
      if (lost) return;
      lost = true;
      log.warn(`${run.job} run ${run.id}: its lease lapsed and another worker took it over; stopping here`);
      controller.abort(new RunTakenOver(run.id));
    };
    /** Renews the lease; throws when the run was taken over meanwhile. */
    const keep = async () => {
      if (lost) throw new RunTakenOver(run.id);
      const { until } = this.lease();
      if (!(await runs.renew(run.id, owner, this.iso(), until))) {
        lose();
        throw new RunTakenOver(run.id);
      }
    };
    const renewal = setInterval(() => {
      keep().catch((error: unknown) => {
        if (!(error instanceof RunTakenOver))
          log.warn(`${run.job} run ${run.id}: could not renew its lease: ${messageOf(error)}`);
      });
    }, this.options.renewMs);
    renewal.unref();
    const context: JobContext = {
      runId: run.id,
      signal: controller.signal,
      params: JSON.parse(run.params) as Record<string, unknown>,
      // A run queued by hand is measured from when it was queued: a worker that takes it over skips what
      // the first one did.
      scheduledFor: run.scheduled_for ?? run.created_at,
      now: this.options.now,
      log,
      resumed: run.attempts > 0 ? (JSON.parse(run.counts) as Record<string, unknown>) : undefined,
      progress: async (done, total, counts) => {
        if (lost) throw new RunTakenOver(run.id);
        run.progress_done = done;
        run.progress_total = total;
        run.counts = JSON.stringify(counts);
        if (!(await runs.progress(run.id, { done, total, counts, now: this.iso(), owner }))) {
          lose();
          throw new RunTakenOver(run.id);
        }
      },
      keep,
    };
    const started = Date.now();
    log.info(
      `${run.job} run ${run.id} started (${run.trigger}${run.scheduled_for ? ` for ${run.scheduled_for}` : ''}${run.attempts > 0 ? `, taking over from try ${run.attempts}` : ''})`,
    );
    try {
      const result = await handler(context);
      if (lost) return;
      await runs.finish(run.id, {
        status: result.status,
        counts: result.counts,
        error: result.error ?? null,
        now: this.iso(),
        owner,
      });
      const line = `${run.job} run ${run.id} ${result.status} in ${Math.round((Date.now() - started) / 1000)}s: ${JSON.stringify(result.counts)}${result.error ? ` (${result.error})` : ''}`;
      if (result.status === 'succeeded') log.info(line);
      else log.warn(line);
    } catch (error) {
      if (lost || error instanceof RunTakenOver) return;
      if (controller.signal.aborted) {
        // The worker is stopping: the run goes back to the queue, where another worker (or the next start)
        // takes it at once and continues it.
        log.warn(`${run.job} run ${run.id} handed back by the stopping worker; another continues it`);
        await runs
          .handBack(run.id, owner)
          .catch((failure: unknown) =>
            log.error(`${run.job} run ${run.id}: could not hand it back: ${messageOf(failure)}`),
          );
        return;
      }
      const message = messageOf(error);
      log.error(`${run.job} run ${run.id} failed: ${message}`);
      await runs
        .finish(run.id, {
          status: 'failed',
          counts: JSON.parse(run.counts),
          error: message,
          now: this.iso(),
          owner,
        })
        .catch((failure: unknown) =>
          log.error(`${run.job} run ${run.id}: could not record its failure: ${messageOf(failure)}`),
        );
    } finally {
      clearInterval(renewal);
      this.controllers.delete(run.id);
    }
  }

  /**
   * Hands this worker's claimed runs back (the shutdown's drain): stops taking runs, asks the ones under way
   * to stop between items, and waits for them; each is queued again with its lease cleared, so another
   * worker takes it over at once and continues with what was not yet done.
   */
  handBack(): Promise<void> {
    return this.stop();
  }

  /** Stops taking runs, asks the ones under way to stop (handing them back), and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const controller of this.controllers.values()) controller.abort();
    await Promise.allSettled([...this.active.values()]);
  }
}

import { type JobRun, REFRESH_AFTER_HOURS, REFRESHES_PER_DAY, type RefreshStatus } from '@rrc/contract';
import { conflict, notFound, tooManyRequests } from '../../errors.ts';
import { waitInWords } from '../../lib/wait-in-words.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import { royalRoadFailure } from '../../royalroad/failures.ts';
import type { RequestQueues } from '../../royalroad/request-queues.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FRESH_MS = REFRESH_AFTER_HOURS * HOUR_MS;
/** How long a refresh may take before the answer is 202 and the client follows the run. */
const REFRESH_WAIT_MS = 10_000;

/**
 * A reader's refresh of one fiction: allowed when its data is older than REFRESH_AFTER_HOURS, up to
 * REFRESHES_PER_DAY in any 24 hours (counted from the runs they asked for, so the count survives a restart;
 * a run that failed, because Royal Road could not be reached or refused or the site broke, is not counted).
 * A refresh already waiting or under way for the fiction is shared rather than asked for twice.
 */
export function refreshService(deps: {
  jobs: JobsService;
  fictions: FictionsService;
  queues: RequestQueues;
  now: () => Date;
}) {
  async function fictionOf(royalroadId: number) {
    const fiction = await deps.fictions.byRoyalroadId(royalroadId);
    if (!fiction) throw notFound('Fiction not found. Add it from its Royal Road link first.');
    return fiction;
  }

  return {
    async status(userId: number, royalroadId: number): Promise<RefreshStatus> {
      const fiction = await fictionOf(royalroadId);
      const now = deps.now().getTime();
      const since = new Date(now - DAY_MS).toISOString();
      const [used, job] = await Promise.all([
        deps.jobs.refreshesSince(userId, since),
        deps.jobs.currentRefresh(userId, royalroadId, since),
      ]);
      const updated = fiction.last_scraped_at;
      const refreshableAt = updated ? Date.parse(updated) + FRESH_MS : null;
      return {
        royalroad_id: royalroadId,
        last_updated_at: updated,
        refreshable_at:
          refreshableAt !== null && refreshableAt > now ? new Date(refreshableAt).toISOString() : null,
        refreshes: {
          used: used.length,
          limit: REFRESHES_PER_DAY,
          next_at:
            used.length >= REFRESHES_PER_DAY
              ? new Date(Date.parse(used[0] as string) + DAY_MS).toISOString()
              : null,
        },
        job: job ?? null,
      };
    },

    /**
     * Queues the reader's refresh (or follows the one already waiting or under way for this fiction) and
     * waits up to 10 s for it: `finished` tells whether the run ended in that time.
     */
    async refresh(userId: number, royalroadId: number): Promise<{ finished: boolean; job: JobRun }> {
      const queued = await request(userId, royalroadId);
      const latest = await deps.jobs.waitFor(queued.id, REFRESH_WAIT_MS);
      const finished = latest !== undefined && latest.status !== 'queued' && latest.status !== 'running';
      return { finished, job: latest ?? queued };
    },
  };

  /** Queues the reader's refresh (or answers the one already waiting or under way for this fiction). */
  async function request(userId: number, royalroadId: number): Promise<JobRun> {
    const fiction = await fictionOf(royalroadId);
    const active = await deps.jobs.activeFictionRun(royalroadId);
    if (active) return active;
    const now = deps.now().getTime();
    const updated = fiction.last_scraped_at ? Date.parse(fiction.last_scraped_at) : null;
    if (updated !== null && now - updated < FRESH_MS) {
      throw conflict(
        `This fiction was updated less than ${REFRESH_AFTER_HOURS} hours ago. You can refresh it again in ${waitInWords(updated + FRESH_MS - now)}.`,
      );
    }
    // The run would meet a full interactive queue here: say so now, before it counts against the reader.
    if (deps.jobs.executes) {
      try {
        deps.queues.admit();
      } catch (error) {
        if (isRoyalRoadError(error, 'busy')) throw royalRoadFailure(error);
        throw error;
      }
    }
    const queued = await deps.jobs.enqueueRefresh({
      royalroadId,
      userId,
      perDay: REFRESHES_PER_DAY,
      since: new Date(now - DAY_MS).toISOString(),
    });
    if ('refused' in queued) {
      const freeAt = Date.parse(queued.oldest) + DAY_MS;
      throw tooManyRequests(
        `You have used your ${REFRESHES_PER_DAY} refreshes for today. You can refresh again in ${waitInWords(freeAt - now)}.`,
        Math.max(1, Math.ceil((freeAt - now) / 1000)),
      );
    }
    const run = await deps.jobs.get(queued.id);
    if (!run) throw new Error(`The refresh run ${queued.id} vanished right after it was queued.`);
    return run;
  }
}

export type RefreshService = ReturnType<typeof refreshService>;

import { MESSAGES, REFRESH_AFTER_HOURS, REFRESHES_PER_DAY, type RefreshStatus } from '@rrc/contract';
import { AppError, conflict, notFound, tooManyRequests } from '../../errors.ts';
import { waitInWords } from '../../lib/wait-in-words.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import type { RequestQueues } from '../../royalroad/request-queues.ts';
import type { FictionsRepository } from '../fictions/fictions.repository.ts';
import { toJobRun } from '../jobs/job-run.mapper.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { JobRunRow, JobRunsRepository } from '../jobs/job-runs.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FRESH_MS = REFRESH_AFTER_HOURS * HOUR_MS;

/**
 * A reader's refresh of one fiction: allowed when its data is older than REFRESH_AFTER_HOURS, up to
 * REFRESHES_PER_DAY in any 24 hours (counted from the runs they asked for, so the count survives a restart).
 * A refresh already waiting or under way for the fiction is shared rather than asked for twice.
 */
export function refreshService(deps: {
  runner: JobRunner;
  runs: JobRunsRepository;
  fictions: FictionsRepository;
  queues: RequestQueues;
  now: () => Date;
}) {
  async function fictionOf(royalroadId: number) {
    const fiction = await deps.fictions.findByRoyalroadId(royalroadId);
    if (!fiction) throw notFound('Fiction not found. Add it from its Royal Road link first.');
    return fiction;
  }

  return {
    async status(userId: number, royalroadId: number): Promise<RefreshStatus> {
      const fiction = await fictionOf(royalroadId);
      const now = deps.now().getTime();
      const since = new Date(now - DAY_MS).toISOString();
      const [used, job] = await Promise.all([
        deps.runs.refreshesSince(userId, since),
        deps.runs
          .activeFictionRun(royalroadId)
          .then((active) => active ?? deps.runs.latestRefresh(userId, royalroadId, since)),
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
        job: job ? toJobRun(job) : null,
      };
    },

    /** Queues the reader's refresh (or answers the one already waiting or under way for this fiction). */
    async request(userId: number, royalroadId: number): Promise<JobRunRow> {
      const fiction = await fictionOf(royalroadId);
      const active = await deps.runs.activeFictionRun(royalroadId);
      if (active) return active;
      const now = deps.now().getTime();
      const updated = fiction.last_scraped_at ? Date.parse(fiction.last_scraped_at) : null;
      if (updated !== null && now - updated < FRESH_MS) {
        throw conflict(
          `This fiction was updated less than ${REFRESH_AFTER_HOURS} hours ago. You can refresh it again in ${waitInWords(updated + FRESH_MS - now)}.`,
        );
      }
      // The run would meet a full interactive queue here: say so now, before it counts against the reader.
      if (deps.runner.executes) {
        try {
          deps.queues.admit();
        } catch (error) {
          if (isRoyalRoadError(error, 'busy'))
            throw new AppError(503, MESSAGES.royalRoadBusy, { retryAfterSeconds: 60 });
          throw error;
        }
      }
      const queued = await deps.runner.enqueueRefresh({
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
      const row = await deps.runs.get(queued.id);
      if (!row) throw new Error(`The refresh run ${queued.id} vanished right after it was queued.`);
      return row;
    },
  };
}

export type RefreshService = ReturnType<typeof refreshService>;

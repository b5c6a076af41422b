import type { Fiction, JobRun } from '@rrc/contract';
import { notFound, serviceUnavailable } from '../../errors.ts';
import type { RoyalRoadClient } from '../../royalroad/client.ts';
import { isRoyalRoadError, RoyalRoadError, type RoyalRoadErrorKind } from '../../royalroad/errors.ts';
import { royalRoadFailure } from '../../royalroad/failures.ts';
import type { Requester } from '../../royalroad/request-queues.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { EventsService } from '../notifications/events.service.ts';
import { type ClaimCodeSearch, searchClaimCode } from './claim-code.ts';
import { scrapeFiction } from './scrape-fiction.ts';

/** How long a web instance waits for the worker to read a fiction a reader adds. */
export const IMPORT_WAIT_MS = 120_000;

/** Logs a failure of work started in the background, which nobody waits for. */
export interface BackgroundLog {
  warn(details: object, message: string): void;
}

/**
 * Bringing fictions in from Royal Road on request: one the site has never seen is read at once (in the
 * interactive queue, on behalf of whoever asked); an administrator's scrapes go through the job queue.
 */
export function scrapingService(deps: {
  client: RoyalRoadClient;
  fictions: FictionsService;
  jobs: JobsService;
  log: BackgroundLog;
  now: () => Date;
  /** What a page read here tells of the fiction's changes (as the worker's reads do). */
  events?: Pick<EventsService, 'fictionStored'>;
}) {
  /**
   * A web instance (ROLE=web) never calls Royal Road itself: it queues the read as a run that a worker
   * claims (in the worker's interactive queue, on behalf of `requester`) and waits for it; the run's failure
   * is thrown as the error the read met.
   */
  async function importThroughWorker(royalroadId: number, requester: Requester): Promise<void> {
    const id = await deps.jobs.enqueue('fiction', {
      trigger: 'add',
      params: {
        royalroadId,
        requester: { userId: requester.userId ?? null, address: requester.address ?? null },
      },
    });
    const run = id === null ? undefined : await deps.jobs.waitFor(id, IMPORT_WAIT_MS);
    if (!run || run.status === 'queued' || run.status === 'running') throw serviceUnavailable();
    if (run.status === 'succeeded') return;
    const kind = run.counts.failure;
    if (typeof kind !== 'string') throw serviceUnavailable();
    throw new RoyalRoadError(kind as RoyalRoadErrorKind, run.error ?? 'Royal Road could not be read');
  }

  /** Reads a fiction from Royal Road in the interactive queue, on behalf of `requester`, and stores it. */
  async function importNew(royalroadId: number, requester: Requester, missing: string): Promise<Fiction> {
    try {
      if (deps.jobs.executes) await scrapeFiction(deps, royalroadId, { queue: 'interactive', requester });
      else await importThroughWorker(royalroadId, requester);
    } catch (error) {
      if (isRoyalRoadError(error, 'not-found')) throw notFound(missing);
      throw royalRoadFailure(error);
    }
    const stored = await deps.fictions.byRoyalroadId(royalroadId);
    if (!stored) throw serviceUnavailable();
    return stored;
  }

  /**
   * Looks for a claim code on a fiction's page and its author's profile, in the interactive queue on behalf
   * of `requester` (through a worker from a web instance); Royal Road's failures are thrown as answers.
   */
  async function searchClaim(
    royalroadId: number,
    code: string,
    requester: Requester,
  ): Promise<ClaimCodeSearch> {
    try {
      if (deps.jobs.executes)
        return await searchClaimCode(deps, royalroadId, code, { queue: 'interactive', requester });
      const id = await deps.jobs.enqueue('fiction', {
        trigger: 'claim',
        params: {
          royalroadId,
          claimCode: code,
          requester: { userId: requester.userId ?? null, address: requester.address ?? null },
        },
      });
      const run = id === null ? undefined : await deps.jobs.waitFor(id, IMPORT_WAIT_MS);
      if (!run || run.status === 'queued' || run.status === 'running') throw serviceUnavailable();
      if (run.status !== 'succeeded') {
        const kind = run.counts.failure;
        if (typeof kind !== 'string') throw serviceUnavailable();
        throw new RoyalRoadError(kind as RoyalRoadErrorKind, run.error ?? 'Royal Road could not be read');
      }
      const found = run.counts.claim_found;
      const profileId = run.counts.profile_id;
      return {
        found: found === 'description' || found === 'profile' ? found : null,
        profileId: typeof profileId === 'number' ? profileId : null,
      };
    } catch (error) {
      if (isRoyalRoadError(error, 'not-found')) throw notFound('Royal Road has no fiction with that id.');
      throw royalRoadFailure(error);
    }
  }

  /** Queues a run and answers it as it stands. */
  async function accepted(id: number | null): Promise<JobRun> {
    const run = id === null ? undefined : await deps.jobs.get(id);
    if (!run) throw serviceUnavailable();
    return run;
  }

  return {
    searchClaim,

    /** A fiction by its Royal Road id: a known one at once, an unknown one read from Royal Road first. */
    async findOrImport(royalroadId: number, requester: Requester): Promise<Fiction> {
      const known = await deps.fictions.byRoyalroadId(royalroadId);
      if (known) {
        // Known only from a list so far: fetch its full page in the background.
        if (!known.last_scraped_at) {
          void deps.jobs
            .enqueue('fiction', { trigger: 'refresh', params: { royalroadId } })
            .catch((error: unknown) =>
              deps.log.warn({ err: error, royalroadId }, 'could not queue the first full read of a fiction'),
            );
        }
        return known;
      }
      return importNew(royalroadId, requester, 'Royal Road has no fiction at that address.');
    },

    /** A fiction for the Position Calculator: one the site has never seen is looked up on Royal Road first. */
    async lookUp(royalroadId: number, requester: Requester): Promise<Fiction> {
      const known = await deps.fictions.byRoyalroadId(royalroadId);
      return known ?? importNew(royalroadId, requester, 'Fiction not found on Royal Road');
    },

    /** An administrator's scrape of one fiction, queued. */
    async manualScrape(royalroadId: number): Promise<JobRun> {
      return accepted(await deps.jobs.enqueue('fiction', { trigger: 'manual', params: { royalroadId } }));
    },

    /** An administrator's capture of every Rising Stars list: a second click follows the one under way. */
    async captureRisingStars(): Promise<JobRun> {
      return accepted(await deps.jobs.enqueueUnlessActive('rising-stars', { trigger: 'manual' }));
    },
  };
}

export type ScrapingService = ReturnType<typeof scrapingService>;

import { type JobHandler, progressReporter } from '../../lib/jobs.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import { parseListPage } from '../../royalroad/parsers/list.ts';
import { SCHEDULED } from '../../royalroad/request-queues.ts';
import type { ScrapeDeps } from './deps.ts';

export function risingStarsPath(genre: string): string {
  return genre === 'main'
    ? '/fictions/rising-stars'
    : `/fictions/rising-stars?genre=${encodeURIComponent(genre)}`;
}

/**
 * Captures every Rising Stars list under one captured_at. A list that fails is
 * recorded and the run goes on; a Cloudflare challenge stops the run, since
 * every further request would meet it too. The capture holds the line to Royal
 * Road while it runs: interactive requests wait until it ends (except the one
 * already under way when it started).
 */
export function risingStarsJob(deps: ScrapeDeps): JobHandler {
  const capture = captureLists(deps);
  return async (context) => {
    const release = deps.client.hold();
    try {
      return await capture(context);
    } finally {
      release();
    }
  };
}

/** What moved on the list, for alerts; a failure there is logged and the capture goes on. */
async function findEvents(
  deps: ScrapeDeps,
  log: { error(message: string): void },
  captureId: number,
  genre: string,
) {
  if (!deps.events) return;
  try {
    await deps.events.risingStarsListStored(captureId, genre);
  } catch (error) {
    log.error(
      `rising-stars: alerts of list ${genre} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

type CaptureCounts = {
  capture_id: number;
  lists: number;
  lists_failed: number;
  entries: number;
  fictions_created: number;
};

/** The counts a previous worker recorded for the capture it was running, if it had started one. */
function resumedCapture(counts: Record<string, unknown> | undefined): CaptureCounts | null {
  if (!counts) return null;
  const fields = ['capture_id', 'lists', 'lists_failed', 'entries', 'fictions_created'] as const;
  if (!fields.every((field) => Number.isSafeInteger(counts[field]))) return null;
  return Object.fromEntries(fields.map((field) => [field, counts[field]])) as CaptureCounts;
}

function captureLists(deps: ScrapeDeps): JobHandler {
  return async (context) => {
    // Taken over from a worker that died: continue its capture with the lists it had not reached.
    const resumed = resumedCapture(context.resumed);
    const capturedAt = deps.now().toISOString();
    let captureId: number;
    const counts = { capture_id: 0, lists: 0, lists_failed: 0, entries: 0, fictions_created: 0 };
    if (resumed) {
      captureId = resumed.capture_id;
      Object.assign(counts, resumed);
    } else {
      // A capture still marked running now was left by a run that died: keep its lists, mark it finished.
      await deps.risingStars.closeAbandonedCaptures(capturedAt, capturedAt);
      captureId = await deps.risingStars.createCapture({
        capturedAt,
        genresTotal: deps.genres.length,
        jobRunId: context.runId,
      });
      counts.capture_id = captureId;
      // Recorded at once: a worker that takes the run over continues this capture rather than starting one.
      await context.progress(0, deps.genres.length, counts);
    }
    const failures: string[] = [];
    const report = progressReporter('rising-stars', context.log, () => Date.now());
    let stoppedBy: string | null = null;

    for (const genre of deps.genres.slice(counts.lists + counts.lists_failed)) {
      if (context.signal.aborted) {
        stoppedBy = 'the server shut down';
        break;
      }
      try {
        const page = await deps.client.get(risingStarsPath(genre), SCHEDULED);
        const items = parseListPage(page.html, { url: page.url });
        // A worker whose lease lapsed (another took the capture over) stops before writing: no list twice.
        await context.keep?.();
        const saved = await deps.risingStars.saveGenreList({
          captureId,
          genre,
          items,
          now: deps.now().toISOString(),
        });
        counts.lists++;
        counts.entries += saved.entries;
        counts.fictions_created += saved.fictionsCreated;
        await findEvents(deps, context.log, captureId, genre);
      } catch (error) {
        if (!isRoyalRoadError(error)) throw error;
        counts.lists_failed++;
        failures.push(`${genre}: ${error.message}`);
        context.log.warn(`rising-stars: list ${genre} failed: ${error.message}`);
        if (error.kind === 'cloudflare') {
          stoppedBy = error.message;
          break;
        }
      }
      await context.progress(counts.lists + counts.lists_failed, deps.genres.length, counts);
      report(counts.lists + counts.lists_failed, deps.genres.length, counts.lists_failed);
    }

    // Stopped by the worker's shutdown (or taken over): the capture stays open for the worker that continues.
    if (stoppedBy === 'the server shut down') context.signal.throwIfAborted();
    const status =
      counts.lists === 0 ? 'failed' : counts.lists === deps.genres.length ? 'complete' : 'partial';
    await deps.risingStars.finishCapture(captureId, status, deps.now().toISOString());
    const error = stoppedBy
      ? `Stopped after ${counts.lists} of ${deps.genres.length} lists: ${stoppedBy}`
      : failures.length
        ? failures.slice(0, 5).join('; ')
        : null;
    return {
      status: stoppedBy || counts.lists === 0 ? 'failed' : failures.length ? 'partial' : 'succeeded',
      counts,
      error,
    };
  };
}

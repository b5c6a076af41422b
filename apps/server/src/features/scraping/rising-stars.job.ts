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

function captureLists(deps: ScrapeDeps): JobHandler {
  return async (context) => {
    const capturedAt = deps.now().toISOString();
    // A capture still marked running now was left by a run that died: keep its lists, mark it finished.
    await deps.risingStars.closeAbandonedCaptures(capturedAt, capturedAt);
    const captureId = await deps.risingStars.createCapture({
      capturedAt,
      genresTotal: deps.genres.length,
      jobRunId: context.runId,
    });
    const counts = { capture_id: captureId, lists: 0, lists_failed: 0, entries: 0, fictions_created: 0 };
    const failures: string[] = [];
    const report = progressReporter('rising-stars', context.log, () => Date.now());
    let stoppedBy: string | null = null;

    for (const genre of deps.genres) {
      if (context.signal.aborted) {
        stoppedBy = 'the server shut down';
        break;
      }
      try {
        const page = await deps.client.get(risingStarsPath(genre), SCHEDULED);
        const items = parseListPage(page.html, { url: page.url });
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

    const status =
      counts.lists === 0 ? 'failed' : counts.lists === deps.genres.length ? 'complete' : 'partial';
    await deps.risingStars.finishCapture(captureId, status, deps.now().toISOString());
    if (stoppedBy === 'the server shut down') context.signal.throwIfAborted();
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

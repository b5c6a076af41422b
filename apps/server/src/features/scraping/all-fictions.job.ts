import { type JobHandler, progressReporter } from '../../lib/jobs.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import { SCHEDULED } from '../../royalroad/request-queues.ts';
import type { ScrapeDeps } from './deps.ts';
import { scrapeFiction } from './scrape-fiction.ts';

const TRACKING_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const CAPTURE_WAIT_MS = 30 * 60_000;

/**
 * Refreshes every tracked fiction once per cycle, the longest untried first.
 * Fictions already tried since the run's scheduled time (stored, or failed) are
 * skipped, so a run that was interrupted and starts again continues with the
 * fictions it had not reached. A fiction that fails is recorded, moves back in
 * the order for the next run, and the run moves on; a Cloudflare challenge
 * stops the run. The same holds when another worker takes the run over from
 * one that died: it continues with the fictions not yet tried.
 */
export function allFictionsJob(deps: ScrapeDeps): JobHandler {
  return async (context) => {
    // At 00:24 both jobs start: wait for the capture so the fictions it finds are refreshed too.
    for (let waited = 0; waited < CAPTURE_WAIT_MS && (await deps.risingStarsActive()); waited += 2_000) {
      context.signal.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const since = new Date(deps.now().getTime() - TRACKING_WINDOW_MS).toISOString();
    const tracked = await deps.fictions.tracked(since);
    const pending = tracked.filter(
      (fiction) => !fiction.lastAttemptedAt || fiction.lastAttemptedAt < context.scheduledFor,
    );
    const counts = {
      tracked: tracked.length,
      skipped: tracked.length - pending.length,
      scraped: 0,
      failed: 0,
    };
    const failures: string[] = [];
    const report = progressReporter('all-fictions', context.log, () => Date.now());
    context.log.info(`all-fictions: ${pending.length} of ${tracked.length} tracked fictions to refresh`);
    await context.progress(0, pending.length, counts);

    let stopped: string | null = null;
    for (const [index, fiction] of pending.entries()) {
      context.signal.throwIfAborted();
      try {
        // A worker whose lease lapsed (another took the run over) stops before writing: no snapshot twice.
        await scrapeFiction(deps, fiction.royalroadId, SCHEDULED, context.keep);
        counts.scraped++;
      } catch (error) {
        if (!isRoyalRoadError(error)) throw error;
        counts.failed++;
        failures.push(`${fiction.royalroadId}: ${error.message}`);
        context.log.warn(`all-fictions: fiction ${fiction.royalroadId} failed: ${error.message}`);
        if (error.kind === 'cloudflare') {
          stopped = error.message;
          break;
        }
      }
      await context.progress(index + 1, pending.length, counts);
      report(index + 1, pending.length, counts.failed, index + 1 === pending.length);
    }

    if (stopped) {
      return {
        status: 'failed',
        counts,
        error: `Stopped after ${counts.scraped + counts.failed} of ${pending.length} fictions: ${stopped}`,
      };
    }
    return {
      status: counts.failed === 0 ? 'succeeded' : counts.scraped > 0 ? 'partial' : 'failed',
      counts,
      error: failures.length
        ? failures.slice(0, 5).join('; ') + (failures.length > 5 ? ` (and ${failures.length - 5} more)` : '')
        : null,
    };
  };
}

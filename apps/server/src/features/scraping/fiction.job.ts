import type { JobHandler } from '../../lib/jobs.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import { INTERACTIVE } from '../../royalroad/request-queues.ts';
import type { ScrapeDeps } from './deps.ts';
import { scrapeFiction } from './scrape-fiction.ts';

/** Refreshes one fiction (admin's manual scrape, a reader's refresh, the CLI), in the interactive queue. */
export function fictionJob(deps: ScrapeDeps): JobHandler {
  return async (context) => {
    const royalroadId = Number(context.params.royalroadId);
    if (!Number.isSafeInteger(royalroadId) || royalroadId <= 0) {
      return { status: 'failed', counts: {}, error: 'The run names no valid Royal Road fiction id.' };
    }
    try {
      const result = await scrapeFiction(deps, royalroadId, INTERACTIVE);
      const counts = {
        royalroad_id: royalroadId,
        fiction_id: result.fictionId,
        created: result.created,
        title: result.title,
      };
      await context.progress(1, 1, counts);
      return { status: 'succeeded', counts };
    } catch (error) {
      if (!isRoyalRoadError(error)) throw error;
      return { status: 'failed', counts: { royalroad_id: royalroadId }, error: error.message };
    }
  };
}

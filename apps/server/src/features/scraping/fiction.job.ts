import type { JobHandler } from '../../lib/jobs.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import type { Requester, Ticket } from '../../royalroad/request-queues.ts';
import { searchClaimCode } from './claim-code.ts';
import type { ScrapeDeps } from './deps.ts';
import { scrapeFiction } from './scrape-fiction.ts';

/** Who asked, as a run queued by a web instance carries it (params.requester): their share of the queue. */
function requesterOf(params: Record<string, unknown>): Requester | undefined {
  const asked = params.requester;
  if (typeof asked !== 'object' || asked === null) return undefined;
  const { userId, address } = asked as Record<string, unknown>;
  return {
    userId: typeof userId === 'number' ? userId : null,
    address: typeof address === 'string' ? address : null,
  };
}

/**
 * Refreshes one fiction (admin's manual scrape, a reader's refresh, the CLI, a reader's add queued by a web
 * instance), in the interactive queue. A failure records its kind (`counts.failure`), so whoever waits for the
 * run answers as if it had asked Royal Road itself.
 */
export function fictionJob(deps: ScrapeDeps): JobHandler {
  return async (context) => {
    const royalroadId = Number(context.params.royalroadId);
    if (!Number.isSafeInteger(royalroadId) || royalroadId <= 0) {
      return { status: 'failed', counts: {}, error: 'The run names no valid Royal Road fiction id.' };
    }
    try {
      const ticket: Ticket = { queue: 'interactive', requester: requesterOf(context.params) };
      // A claim's check: the page is read as a refresh would, and the code looked for on it and the profile.
      const claimCode = context.params.claimCode;
      if (typeof claimCode === 'string') {
        const search = await searchClaimCode(deps, royalroadId, claimCode, ticket, context.keep);
        const counts = { royalroad_id: royalroadId, claim_found: search.found, profile_id: search.profileId };
        await context.progress(1, 1, counts);
        return { status: 'succeeded', counts };
      }
      const result = await scrapeFiction(deps, royalroadId, ticket, context.keep);
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
      return {
        status: 'failed',
        counts: { royalroad_id: royalroadId, failure: error.kind },
        error: error.message,
      };
    }
  };
}

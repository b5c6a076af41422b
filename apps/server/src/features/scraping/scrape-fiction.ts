import type { RoyalRoadClient } from '../../royalroad/client.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import { type ParsedFiction, parseFictionPage } from '../../royalroad/parsers/fiction.ts';
import type { Ticket } from '../../royalroad/request-queues.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { EventsService } from '../notifications/events.service.ts';

/**
 * Fetches one fiction page (in the ticket's queue), parses it and stores it (current state + snapshot)
 * in one transaction. Any failure — network, challenge, redirect elsewhere, missing page, parse, a page
 * of another fiction — throws before anything of the page is written; only the failed try is noted on a
 * known fiction, so the nightly refresh visits it after the others next time.
 */
export async function scrapeFiction(
  deps: {
    client: RoyalRoadClient;
    fictions: Pick<FictionsService, 'saveScraped' | 'recordScrapeFailure'>;
    now: () => Date;
    events?: Pick<EventsService, 'fictionStored'>;
  },
  royalroadId: number,
  ticket: Ticket,
  /** Called once the page is read, before anything is written (a run checks it is still its worker's). */
  beforeSave?: () => Promise<void>,
): Promise<{
  fictionId: number;
  created: boolean;
  title: string;
  /** What the page says, as read: its description (HTML) and its author's profile id. */
  description: string | null;
  authorId: number | null;
}> {
  let parsed: ParsedFiction;
  try {
    const page = await deps.client.get(`/fiction/${royalroadId}`, ticket);
    parsed = parseFictionPage(page.html, { url: page.url, expectedId: royalroadId });
  } catch (error) {
    // A request the interactive queue turned away never reached Royal Road: it was no try.
    if (isRoyalRoadError(error) && error.kind !== 'busy' && error.kind !== 'limited') {
      await deps.fictions.recordScrapeFailure(royalroadId, deps.now().toISOString());
    }
    throw error;
  }
  await beforeSave?.();
  const saved = await deps.fictions.saveScraped(parsed, deps.now().toISOString());
  // What moved since the last visit (new chapters, follower milestones, what the page itself says), for the
  // fiction's changes and alerts; the page is stored.
  await deps.events?.fictionStored(saved.fictionId, saved.changes);
  return {
    fictionId: saved.fictionId,
    created: saved.created,
    title: parsed.title,
    description: parsed.description,
    authorId: parsed.authorId,
  };
}

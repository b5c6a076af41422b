import type { RoyalRoadClient } from '../../royalroad/client.ts';
import { parseFictionPage } from '../../royalroad/parsers/fiction.ts';
import type { Ticket } from '../../royalroad/request-queues.ts';
import type { FictionsRepository } from '../fictions/fictions.repository.ts';

/**
 * Fetches one fiction page (in the ticket's queue), parses it and stores it (current state + snapshot)
 * in one transaction. Any failure — network, challenge, missing page, parse —
 * throws before anything is written.
 */
export async function scrapeFiction(
  deps: { client: RoyalRoadClient; fictions: FictionsRepository; now: () => Date },
  royalroadId: number,
  ticket: Ticket,
): Promise<{ fictionId: number; created: boolean; title: string }> {
  const page = await deps.client.get(`/fiction/${royalroadId}`, ticket);
  const parsed = parseFictionPage(page.html, { url: page.url, expectedId: royalroadId });
  const saved = await deps.fictions.saveScrapedFiction(parsed, deps.now().toISOString());
  return { ...saved, title: parsed.title };
}

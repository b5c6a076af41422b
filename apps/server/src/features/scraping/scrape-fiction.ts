import type { RoyalRoadClient } from '../../royalroad/client.ts';
import { parseFictionPage } from '../../royalroad/parsers/fiction.ts';
import type { FictionsRepository } from '../fictions/fictions.repository.ts';

/**
 * Fetches one fiction page, parses it and stores it (current state + snapshot)
 * in one transaction. Any failure — network, challenge, missing page, parse —
 * throws before anything is written.
 */
export async function scrapeFiction(
  deps: { client: RoyalRoadClient; fictions: FictionsRepository; now: () => Date },
  royalroadId: number,
): Promise<{ fictionId: number; created: boolean; title: string }> {
  const page = await deps.client.get(`/fiction/${royalroadId}`);
  const parsed = parseFictionPage(page.html, { url: page.url, expectedId: royalroadId });
  const saved = await deps.fictions.saveScrapedFiction(parsed, deps.now().toISOString());
  return { ...saved, title: parsed.title };
}

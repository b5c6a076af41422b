import type { RoyalRoadClient } from '../../royalroad/client.ts';
import { parseProfilePage } from '../../royalroad/parsers/profile.ts';
import type { Ticket } from '../../royalroad/request-queues.ts';
import { scrapeFiction } from './scrape-fiction.ts';

/** Where a claim code was looked for, and where it was found (null: in neither place). */
export interface ClaimCodeSearch {
  found: 'description' | 'profile' | null;
  /** The author's profile read, when the fiction page links one. */
  profileId: number | null;
}

/** Whether `text` (HTML or text) holds `code`, whatever its case and the tags around it. */
export function holdsCode(text: string | null, code: string): boolean {
  if (!text) return false;
  const plain = text.replace(/<[^>]*>/g, ' ').toUpperCase();
  return plain.includes(code.toUpperCase());
}

/**
 * Looks for a claim code where an author can place it: the fiction's description (its page is read and
 * stored, as a refresh would) and, when it is not there, the bio on the author's profile linked from the
 * page. Both reads go through `ticket`'s queue with the usual pace.
 */
export async function searchClaimCode(
  deps: Parameters<typeof scrapeFiction>[0] & { client: RoyalRoadClient },
  royalroadId: number,
  code: string,
  ticket: Ticket,
  beforeSave?: () => Promise<void>,
): Promise<ClaimCodeSearch> {
  const page = await scrapeFiction(deps, royalroadId, ticket, beforeSave);
  if (holdsCode(page.description, code)) return { found: 'description', profileId: page.authorId };
  if (page.authorId === null) return { found: null, profileId: null };
  const profile = await deps.client.get(`/profile/${page.authorId}`, ticket);
  const parsed = parseProfilePage(profile.html, { url: profile.url, profileId: page.authorId });
  return { found: holdsCode(parsed.bio, code) ? 'profile' : null, profileId: page.authorId };
}

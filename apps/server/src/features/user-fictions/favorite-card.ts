import {
  FAVORITE_DESCRIPTION_CHARACTERS,
  FAVORITE_TAGS,
  type FavoriteEntry,
  type Fiction,
} from '@rrc/contract';
import { load } from 'cheerio/slim';

/** Ends of blocks and line breaks, which read as a space once the markup is gone. */
const BLOCK_ENDS = /<\/(?:p|div|li|h\d|blockquote)>|<br\s*\/?>/gi;

/**
 * A description (sanitized HTML) as the plain text a card shows: markup and entities gone, white space
 * collapsed, cut on a word boundary to at most `max` characters with '…' when anything was cut; null when
 * nothing is left.
 */
export function descriptionPreview(
  html: string | null,
  max = FAVORITE_DESCRIPTION_CHARACTERS,
): string | null {
  if (!html) return null;
  const text = load(html.replace(BLOCK_ENDS, ' '), null, false).text().replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (text.length <= max) return text;
  // Cut before the word the limit falls in (a single long word is cut where the limit falls).
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** What a favorite's card shows of its fiction. */
export function favoriteFiction(fiction: Fiction): FavoriteEntry['fiction'] {
  return {
    id: fiction.id,
    royalroad_id: fiction.royalroad_id,
    title: fiction.title,
    author_name: fiction.author_name,
    description: descriptionPreview(fiction.description),
    image_url: fiction.image_url,
    status: fiction.status,
    tags: fiction.tags.slice(0, FAVORITE_TAGS),
    followers: fiction.followers,
    overall_score: fiction.overall_score,
    chapter_count: fiction.chapter_count,
  };
}

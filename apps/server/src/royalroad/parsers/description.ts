import { sanitizeDescription } from './sanitize.ts';

/**
 * An entity escaped once more (`&amp;lt;`, `&amp;amp;lt;`, `&amp;quot;`) in the text of a description, outside
 * its tags. Royal Road's list pages send the excerpt of a description escaped twice, so `< You have been`
 * arrives as `&amp;lt; You have been`: read as it is, the reader would see `&lt;` on the page.
 */
const ESCAPED_AGAIN = /(<[^>]*>)|&amp;(?:amp;)*(lt|gt|amp|quot|apos|nbsp|#39|#x27);/g;

/** Description markup with every entity escaped more than once decoded to the entity itself; tags untouched. */
export function undoDoubleEscapes(html: string): string {
  return html.replace(ESCAPED_AGAIN, (match, tag: string | undefined, entity: string | undefined) =>
    tag !== undefined ? match : `&${entity};`,
  );
}

/**
 * A description as a page holds it (a fiction's own page or a list's excerpt), as it is stored: cleaned to
 * the allowed markup, its text decoded exactly once; null when nothing is left.
 */
export function readDescription(html: string | null | undefined): string | null {
  if (!html) return null;
  return undoDoubleEscapes(sanitizeDescription(html)) || null;
}

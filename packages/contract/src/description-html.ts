/**
 * What a fiction's description (HTML written by its author) may hold: text formatting, lists, tables and
 * links. The server cleans a description to this list when it stores it, and the fiction page cleans it to
 * the same list once more before rendering it; scripts, styles, event handlers, images and frames never pass.
 */
export const DESCRIPTION_TAGS: readonly string[] = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'div',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Attributes kept, and only on links. */
export const DESCRIPTION_LINK_ATTRIBUTES: readonly string[] = ['href', 'title', 'rel', 'target'];

/** The schemes a link may use (or none: an address relative to the page; two slashes are refused). */
export const DESCRIPTION_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** What every kept link is given: it opens apart from the site and vouches for nothing. */
export const DESCRIPTION_LINK_REL = 'nofollow noopener noreferrer';

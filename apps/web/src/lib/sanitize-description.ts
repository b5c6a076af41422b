import {
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_LINK_REL,
  DESCRIPTION_LINK_SCHEMES,
  DESCRIPTION_TAGS,
} from '@rrc/contract/rules';
import DOMPurify from 'dompurify';

/**
 * A fiction's description is HTML written by its author. The server keeps only what the contract's allow-list
 * names when it stores one; the page cleans it once more, to the same list, before rendering it, so that a
 * description that reached the database some other way still runs nothing in the reader's browser.
 */
const LINK_ATTRIBUTES = new Set(DESCRIPTION_LINK_ATTRIBUTES);
/** Addresses a link may have: the allowed schemes, or one relative to the page (DOMPurify's own pattern, narrowed). */
const ALLOWED_URI_REGEXP = new RegExp(
  `^(?:(?:${DESCRIPTION_LINK_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

/**
 * Whether an address starts with two slashes (a browser reads a backslash as one), leaving the site without
 * saying how: refused as on the server. Browsers skip spaces and control characters at its start, and tabs
 * and line breaks anywhere in it.
 */
function isProtocolRelative(href: string): boolean {
  let address = '';
  for (const character of href) {
    const code = character.charCodeAt(0);
    if (code === 9 || code === 10 || code === 13 || (address === '' && code <= 32)) continue;
    address += character;
    if (address.length === 2) break;
  }
  return /^[/\\]{2}$/.test(address);
}

const purifier = DOMPurify();
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  if (node.nodeName !== 'A' || !LINK_ATTRIBUTES.has(data.attrName)) data.keepAttr = false;
  else if (data.attrName === 'href' && isProtocolRelative(data.attrValue)) data.keepAttr = false;
});
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  node.setAttribute('rel', DESCRIPTION_LINK_REL);
  node.setAttribute('target', '_blank');
});

/** The description's HTML with only the allowed tags, and links' allowed attributes and addresses. */
export function sanitizeDescription(html: string): string {
  if (!purifier.isSupported) return '';
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...DESCRIPTION_TAGS],
    ALLOWED_ATTR: [...LINK_ATTRIBUTES],
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

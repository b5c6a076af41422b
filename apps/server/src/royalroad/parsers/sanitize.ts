import {
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_LINK_REL,
  DESCRIPTION_LINK_SCHEMES,
  DESCRIPTION_TAGS,
} from '@rrc/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Descriptions are HTML written by authors: they are stored cleaned to the contract's allow-list, text
 * formatting and links only; scripts, styles, event handlers, images and frames are removed.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_TAGS],
  allowedAttributes: { a: [...DESCRIPTION_LINK_ATTRIBUTES] },
  allowedSchemes: [...DESCRIPTION_LINK_SCHEMES],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: DESCRIPTION_LINK_REL, target: '_blank' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'p' && !frame.text.trim() && !frame.mediaChildren.length,
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

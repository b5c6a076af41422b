import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { isWriting } from './own-markup.ts';

/** Text with runs of whitespace folded to one space, trimmed. */
export function cleanText(value: string | undefined | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** "216,070" → 216070; "3,303 Followers" → 3303; anything without digits → null. */
export function parseCount(value: string | undefined | null): number | null {
  const match = /(\d[\d,.\s]*)/.exec(value ?? '');
  if (!match?.[1]) return null;
  const digits = match[1].replace(/[,.\s]/g, '');
  const number = Number(digits);
  return Number.isSafeInteger(number) ? number : null;
}

/** "4.8 / 5", "4.8 stars", "Rating: 4.52 out of 5" → 4.8 / 4.52; out of range → null. */
export function parseScore(value: string | undefined | null): number | null {
  const match = /(\d+(?:\.\d+)?)/.exec(value ?? '');
  if (!match?.[1]) return null;
  const score = Number(match[1]);
  return Number.isFinite(score) && score >= 0 && score <= 5 ? score : null;
}

/** A unix time in seconds (as in `time[unixtime]`) → ISO string. */
export function unixTimeToIso(value: string | undefined | null): string | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const date = new Date(Number(value) * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Any date string Date understands → ISO string, else null. */
export function dateToIso(value: string | undefined | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** `/profile/1073541` → 1073541. */
export function profileIdFrom(href: string | undefined): number | null {
  const match = /\/profile\/(\d+)/.exec(href ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

/** `/fiction/192682/slug` → 192682. */
export function fictionIdFrom(href: string | undefined): number | null {
  const match = /\/fiction\/(\d+)/.exec(href ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * The fiction of a Royal Road address whose path is the fiction's own (`/fiction/192682/slug`, absolute or
 * not); null for anything else, chapter links of other fictions inside a path included.
 */
export function fictionIdOfAddress(value: string | undefined): number | null {
  if (!value) return null;
  const match = /^\/fiction\/(\d+)(?:\/|$)/.exec(
    URL.parse(value, 'https://www.royalroad.com')?.pathname ?? '',
  );
  return match?.[1] ? Number(match[1]) : null;
}

/** `…?tagsAdd=litrpg` → litrpg. A malformed escape (`%E0%A4%A`) keeps the slug as written. */
export function tagSlugFrom(href: string | undefined): string | null {
  const match = /[?&]tagsAdd=([^&#]+)/.exec(href ?? '');
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    // decodeURIComponent throws URIError on a broken escape; the tag is still the tag its label names.
    return match[1];
  }
}

/** Absolute https URL for an image or link found on a page. */
export function absoluteUrl(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A link to a tag's search, in both layouts. */
export const TAG_LINK = 'a[href*="tagsAdd="]';

/**
 * The tags of a fiction from its tag links (TAG_LINK), without repeats; a tag link an author put in a
 * description is not a tag of the fiction.
 */
export function tagsIn(links: Element[]): Array<{ slug: string; label: string }> {
  const tags = new Map<string, string>();
  for (const element of links) {
    if (isWriting(element)) continue;
    const slug = tagSlugFrom(element.attribs.href);
    const label = cleanText(textContent(element));
    if (slug && label && !tags.has(slug)) tags.set(slug, label);
  }
  return [...tags].map(([slug, label]) => ({ slug, label }));
}

const STATUSES = ['ONGOING', 'COMPLETED', 'HIATUS', 'STUB', 'DROPPED', 'INACTIVE'];

/** The two blue labels of a fiction (both layouts of lists and pages): its type, and its status in capitals. */
export function typeAndStatus(labels: string[]): { type: string | null; status: string | null } {
  const status = labels.find((label) => STATUSES.includes(label.toUpperCase())) ?? null;
  const type = labels.find((label) => label !== status) ?? null;
  return { type, status: status?.toUpperCase() ?? null };
}

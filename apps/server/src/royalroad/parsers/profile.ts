import { RoyalRoadError } from '../errors.ts';
import { type ParsedListItem, parseListItems } from './list.ts';
import { loadPage } from './load-page.ts';
import { alertText, assertDataPage, readPage } from './page-kind.ts';
import { absoluteUrl, cleanText } from './text.ts';

export interface ParsedProfile {
  profileId: number;
  name: string;
  avatarUrl: string | null;
  /** What the author wrote about themselves, as text (null when the page shows none). */
  bio: string | null;
  fictions: ParsedListItem[];
}

const BASE = 'https://www.royalroad.com';

/**
 * Reads an author's profile page. No real profile page has been saved, so the
 * selectors are kept loose: the name from the profile header or og:title, the
 * fictions from the usual list items.
 */
export function parseProfilePage(html: string, options: { url?: string; profileId: number }): ParsedProfile {
  return readPage(options.url, () => readProfile(html, options));
}

function readProfile(html: string, options: { url?: string; profileId: number }): ParsedProfile {
  const $ = loadPage(html);
  assertDataPage($, html, options.url);
  const name =
    cleanText($('.profile-info h1, .profile-header h1, .profile h1').first().text()) ||
    cleanText($('meta[property="og:title"]').attr('content')) ||
    cleanText($('h1').first().text());
  if (!name) {
    const alert = alertText($);
    if (alert) throw new RoyalRoadError('site-error', alert, { url: options.url });
    throw new RoyalRoadError('parse', 'The profile page has no author name', { url: options.url });
  }
  const avatar = $('img.avatar, .profile-info img, .profile-header img, img[alt*="avatar" i]')
    .first()
    .attr('src');
  const bio = $('.profile-info .bio, .profile-bio, .bio, .about-me, [class*="biography"]')
    .map((_, element) => $(element).text())
    .get()
    .map((text) => cleanText(text))
    .filter(Boolean)
    .join('\n');
  return {
    profileId: options.profileId,
    name,
    avatarUrl: absoluteUrl(avatar, BASE),
    bio: bio || null,
    fictions: parseListItems($, $('div.fiction-list-item')),
  };
}

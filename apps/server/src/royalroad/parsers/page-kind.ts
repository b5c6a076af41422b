import type { CheerioAPI } from 'cheerio';
import { RoyalRoadError } from '../errors.ts';
import { cleanText } from './text.ts';

/**
 * Throws when a page is not a data page: a Cloudflare challenge, Royal Road's
 * 404 page (served with status 200), or a page whose content is an error alert.
 */
export function assertDataPage($: CheerioAPI, html: string, url?: string): void {
  const title = cleanText($('title').first().text());
  if (
    title === 'Just a moment...' ||
    html.includes('window._cf_chl_opt') ||
    html.includes('challenges.cloudflare.com/cdn-cgi/challenge-platform') ||
    /challenges\.cloudflare\.com/.test(html)
  ) {
    throw new RoyalRoadError('cloudflare', 'Royal Road answered with a Cloudflare challenge', { url });
  }
  const number = cleanText($('div.number').first().text());
  // The page's whole text is only read when the phrase is in the markup at all (rarely): it is slow.
  const nothingHere =
    /There is nothing here/i.test(html) &&
    /There is nothing here/i.test(cleanText($('body').text()).slice(0, 5000));
  if (number === '404' || nothingHere) {
    throw new RoyalRoadError('not-found', 'Royal Road says there is nothing here (404)', { url });
  }
}

/** The text of an error alert, when the page's main content is one. */
export function alertText($: CheerioAPI): string | null {
  const alert = $('div.alert.alert-danger').first();
  return alert.length ? cleanText(alert.text()) || 'Royal Road reported an error' : null;
}

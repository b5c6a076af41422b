import type { CheerioAPI } from 'cheerio';
import { RoyalRoadError } from '../errors.ts';
import { PageTooLarge } from './load-page.ts';
import { headOf, ownMarkup, withoutWriting } from './own-markup.ts';
import { pageIndex } from './page-index.ts';
import { cleanText } from './text.ts';

/**
 * Cloudflare's challenge page, told by its structure: the `<title>` of the document's head is
 * "Just a moment..." and one of its scripts is Cloudflare's challenge (`window._cf_chl_opt`, or a script
 * from `/cdn-cgi/challenge-platform/`). Words in a page (a description that mentions
 * challenges.cloudflare.com, say) never make one.
 */
export function isChallengePage($: CheerioAPI): boolean {
  if (cleanText(headOf($).children('title').first().text()) !== 'Just a moment...') return false;
  return ownMarkup($('script'))
    .toArray()
    .some((script) => {
      const source = $(script).attr('src');
      return source
        ? source.includes('/cdn-cgi/challenge-platform/')
        : $(script).text().includes('window._cf_chl_opt');
    });
}

/**
 * Throws when a page is not a data page: a Cloudflare challenge, Royal Road's
 * 404 page (served with status 200), or a page whose content is an error alert.
 */
export function assertDataPage($: CheerioAPI, html: string, url?: string): void {
  if (isChallengePage($)) {
    throw new RoyalRoadError('cloudflare', 'Royal Road answered with a Cloudflare challenge', { url });
  }
  const numbers = pageIndex($)
    .withClass('number')
    .filter((element) => element.name === 'div');
  const number = cleanText(ownMarkup($(numbers)).first().text());
  // The page's own text is only read when the phrase is in the markup at all (rarely): it is slow.
  const nothingHere = /There is nothing here/i.test(html) && /There is nothing here/i.test(ownText($));
  if (number === '404' || nothingHere) {
    throw new RoyalRoadError('not-found', 'Royal Road says there is nothing here (404)', { url });
  }
}

/** The start of the page's text without what people wrote on it. */
function ownText($: CheerioAPI): string {
  return cleanText(withoutWriting($('body').first()).text()).slice(0, 5000);
}

/** The text of an error alert, when the page's main content is one. */
export function alertText($: CheerioAPI): string | null {
  const alert = ownMarkup($('div.alert.alert-danger')).first();
  return alert.length ? cleanText(alert.text()) || 'Royal Road reported an error' : null;
}

/**
 * Runs a parser on one page. Anything it throws besides our own errors (markup nested too deeply or too
 * large, refused as it is read; a malformed escape; a stack overflow) makes that page unreadable: a failure
 * of the page, never of the run.
 */
export function readPage<T>(url: string | undefined, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof RoyalRoadError) throw error;
    const reason =
      error instanceof PageTooLarge
        ? error.reason
        : error instanceof RangeError && /call stack/i.test(error.message)
          ? 'its markup is nested too deeply'
          : error instanceof Error
            ? `${error.name}: ${error.message}`
            : String(error);
    throw new RoyalRoadError('parse', `The page could not be read (${reason})`, { url, cause: error });
  }
}

import type { CheerioAPI } from 'cheerio';
import { load } from 'cheerio/slim';
import { DomHandler, Parser } from 'htmlparser2';

/**
 * How deep a page's elements may be nested. Royal Road's pages go about 20 deep; markup nested past this is
 * refused as it is read, before its tree is built (200,000 nested tags once took the process past 260 MB
 * and more than a minute before the page was refused).
 */
export const MAX_DEPTH = 1_000;
/** How many elements a page may hold: a list of 50 fictions has about 3,000. */
export const MAX_ELEMENTS = 100_000;

/** A page refused while it was read, for what it is rather than for what it says. */
export class PageTooLarge extends Error {
  /** Why, as the sentence "The page could not be read (…)" ends. */
  readonly reason: string;

  constructor(reason: string) {
    super(`The page could not be read (${reason})`);
    this.name = 'PageTooLarge';
    this.reason = reason;
  }
}

/** htmlparser2's tree builder, which refuses an element past the depth or the count allowed before making it. */
class BoundedDomHandler extends DomHandler {
  #elements = 0;

  override onopentag(name: string, attribs: Record<string, string>): void {
    // The stack holds the document and the open elements: its length is the new element's depth.
    if (this.tagStack.length > MAX_DEPTH) throw new PageTooLarge('its markup is nested too deeply');
    this.#elements += 1;
    if (this.#elements > MAX_ELEMENTS) throw new PageTooLarge('it holds too many elements');
    super.onopentag(name, attribs);
  }
}

/**
 * A page's markup as cheerio's document, parsed as `load(html)` from cheerio/slim parses it (htmlparser2 with
 * its default options), within MAX_DEPTH and MAX_ELEMENTS: past either it throws PageTooLarge.
 */
export function loadPage(html: string): CheerioAPI {
  const handler = new BoundedDomHandler();
  new Parser(handler).end(html);
  return load(handler.root);
}

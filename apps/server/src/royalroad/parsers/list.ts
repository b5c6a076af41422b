import type { CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { RoyalRoadError } from '../errors.ts';
import { readDescription } from './description.ts';
import { loadPage } from './load-page.ts';
import { alertText, assertDataPage, readPage } from './page-kind.ts';
import {
  absoluteUrl,
  cleanText,
  dateToIso,
  fictionIdFrom,
  parseCount,
  parseScore,
  TAG_LINK,
  tagsIn,
  typeAndStatus,
  unixTimeToIso,
} from './text.ts';

export interface ParsedListItem {
  /** 1-based place in the list: on Rising Stars the order is the rank. */
  position: number;
  royalroadId: number;
  title: string;
  imageUrl: string | null;
  type: string | null;
  status: string | null;
  tags: Array<{ slug: string; label: string }>;
  followers: number | null;
  rating: number | null;
  pages: number | null;
  views: number | null;
  chapters: number | null;
  lastUpdate: string | null;
  description: string | null;
}

const BASE = 'https://www.royalroad.com';

/** The number next to an icon in the stats row (`fa-users` followers, `fa-book` pages, …). */
function statByIcon(stats: ReturnType<CheerioAPI>, icon: string): number | null {
  const cell = stats.find(`i.${icon}`).first().parent();
  return cell.length ? parseCount(cell.text()) : null;
}

export function parseListItems($: CheerioAPI, items: ReturnType<CheerioAPI>): ParsedListItem[] {
  const parsed: ParsedListItem[] = [];
  items.each((_, element) => {
    const item = $(element as AnyNode);
    const link = item.find('h2.fiction-title a').first();
    const royalroadId = fictionIdFrom(link.attr('href'));
    const title = cleanText(link.text());
    if (!royalroadId || !title) return;
    const labels = item
      .find('span.label.bg-blue-hoki')
      .map((__, label) => cleanText($(label).text()))
      .get();
    const { type, status } = typeAndStatus(labels);
    const stats = item.find('div.stats').first();
    const ratingLabel = stats.find('[aria-label^="Rating"]').attr('aria-label');
    const time = stats.find('time').first();
    const description = item.find(`#description-${royalroadId}`).html();
    parsed.push({
      position: parsed.length + 1,
      royalroadId,
      title,
      imageUrl: absoluteUrl(item.find('img[data-type="cover"], figure img').first().attr('src'), BASE),
      type,
      status,
      tags: tagsIn(item.find(TAG_LINK).get()),
      followers: statByIcon(stats, 'fa-users'),
      rating: ratingLabel ? parseScore(ratingLabel.replace(/^Rating:\s*/, '')) : null,
      pages: statByIcon(stats, 'fa-book'),
      views: statByIcon(stats, 'fa-eye'),
      chapters: statByIcon(stats, 'fa-list'),
      lastUpdate: unixTimeToIso(time.attr('unixtime')) ?? dateToIso(time.attr('datetime')),
      description: readDescription(description),
    });
  });
  return parsed;
}

/**
 * Reads a list page (Rising Stars, best rated, popular, trending): the fictions
 * in page order. An empty list is refused: Royal Road's lists are never empty,
 * so an empty one means the markup changed. Anything else that stops the page being read is a 'parse'
 * failure of this page alone.
 */
export function parseListPage(html: string, options: { url?: string } = {}): ParsedListItem[] {
  return readPage(options.url, () => readList(html, options));
}

function readList(html: string, options: { url?: string }): ParsedListItem[] {
  const $ = loadPage(html);
  assertDataPage($, html, options.url);
  const items = parseListItems($, $('div.fiction-list-item'));
  if (items.length === 0) {
    const alert = alertText($);
    if (alert) throw new RoyalRoadError('site-error', alert, { url: options.url });
    throw new RoyalRoadError('parse', 'The list page has no fictions', { url: options.url });
  }
  return items;
}

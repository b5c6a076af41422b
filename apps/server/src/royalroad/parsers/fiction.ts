import type { CheerioAPI } from 'cheerio';
import { type AnyNode, type Element, isTag } from 'domhandler';
import { findOne, nextElementSibling, textContent } from 'domutils';
import { RoyalRoadError } from '../errors.ts';
import { readDescription } from './description.ts';
import { loadPage } from './load-page.ts';
import { headMeta, headOf, isWriting } from './own-markup.ts';
import { elementsWithin, findWithin, type PageIndex, pageIndex } from './page-index.ts';
import { alertText, assertDataPage, readPage } from './page-kind.ts';
import {
  absoluteUrl,
  cleanText,
  dateToIso,
  fictionIdOfAddress,
  parseCount,
  parseScore,
  profileIdFrom,
  TAG_LINK,
  tagsIn,
  typeAndStatus,
  unixTimeToIso,
} from './text.ts';

export interface ParsedChapter {
  id: number | null;
  title: string;
  url: string | null;
  publishedAt: string | null;
}

export interface ParsedFiction {
  royalroadId: number;
  title: string;
  authorName: string | null;
  authorId: number | null;
  imageUrl: string | null;
  /** Sanitized HTML. */
  description: string | null;
  type: string | null;
  status: string | null;
  tags: Array<{ slug: string; label: string }>;
  warnings: string[];
  scores: {
    overall: number | null;
    style: number | null;
    story: number | null;
    grammar: number | null;
    character: number | null;
  };
  stats: {
    followers: number | null;
    favorites: number | null;
    ratings: number | null;
    pages: number | null;
    totalViews: number | null;
    averageViews: number | null;
  };
  chapterCount: number | null;
  chapters: ParsedChapter[];
}

const BASE = 'https://www.royalroad.com';

const SCORE_LABELS = {
  'overall score': 'overall',
  'style score': 'style',
  'story score': 'story',
  'grammar score': 'grammar',
  'character score': 'character',
} as const;

const STAT_LABELS = {
  'total views': 'totalViews',
  'average views': 'averageViews',
  followers: 'followers',
  favorites: 'favorites',
  ratings: 'ratings',
  pages: 'pages',
} as const;

/** Royal Road's own page data: its inline scripts (`window.fictionId`, `window.chapters`) and follow buttons. */
function pageData(index: PageIndex): { scripts: string[]; bookmark: string | undefined } {
  const own = (elements: Element[]) => elements.filter((element) => !isWriting(element));
  return {
    scripts: own(index.tag('script').filter((script) => script.attribs.src === undefined)).map((script) =>
      textContent(script),
    ),
    bookmark: own(
      index.tag('form').filter((form) => form.attribs.action?.startsWith('/fictions/setbookmark/')),
    )[0]?.attribs.action,
  };
}

/**
 * Every place the page names its own fiction where no author's words can reach: the address it was read
 * from, the canonical link and og:url of the head, the page's script (`window.fictionId = N`) and its own
 * follow buttons (`/fictions/setbookmark/N`).
 */
function namedIds($: CheerioAPI, data: ReturnType<typeof pageData>, url: string | undefined) {
  const named: Array<{ where: string; id: number | null }> = [
    { where: 'its address', id: fictionIdOfAddress(url) },
    {
      where: 'its canonical link',
      id: fictionIdOfAddress(headOf($).children('link[rel="canonical"]').attr('href')),
    },
    { where: 'its og:url', id: fictionIdOfAddress(headMeta($, 'og:url') ?? undefined) },
  ];
  for (const script of data.scripts) {
    const match = /window\.fictionId\s*=\s*(\d+)/.exec(script);
    if (match?.[1]) named.push({ where: 'its script', id: Number(match[1]) });
  }
  const fromBookmark = /^\/fictions\/setbookmark\/(\d+)$/.exec(data.bookmark ?? '');
  if (fromBookmark?.[1]) named.push({ where: 'its follow button', id: Number(fromBookmark[1]) });
  return named.filter((entry): entry is { where: string; id: number } => entry.id !== null);
}

/**
 * The fiction the page is of. Asked for a fiction, the page must not name any other one anywhere it names
 * itself: a page of another fiction is a failure, so nothing is written into either.
 */
function fictionId(
  $: CheerioAPI,
  data: ReturnType<typeof pageData>,
  options: { url?: string; expectedId?: number },
): number | null {
  const named = namedIds($, data, options.url);
  const expected = options.expectedId ?? named[0]?.id;
  const other = named.find((entry) => entry.id !== expected);
  if (other) {
    throw new RoyalRoadError(
      'parse',
      options.expectedId === undefined
        ? `The page names two fictions (${expected} and, in ${other.where}, ${other.id})`
        : `The page is of fiction ${other.id} (so says ${other.where}), not of fiction ${options.expectedId}`,
      { url: options.url },
    );
  }
  return expected ?? null;
}

/** The JSON array assigned to `window.chapters`, which lists every chapter (the table shows only the latest ones). */
function scriptChapters(scripts: string[]): ParsedChapter[] | null {
  for (const script of scripts) {
    const chapters = chaptersIn(script);
    if (chapters) return chapters;
  }
  return null;
}

function chaptersIn(html: string): ParsedChapter[] | null {
  const start = html.search(/window\.chapters\s*=\s*\[/);
  if (start < 0) return null;
  const open = html.indexOf('[', start);
  // From one quote, escape or bracket to the next (a search each, not a step per character) to the
  // bracket that closes the array.
  const inString = /["\\]/g;
  const outside = /["[\]]/g;
  let depth = 0;
  let pattern = outside;
  pattern.lastIndex = open;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const i = match.index;
    const char = match[0];
    let next = i + 1;
    if (pattern === inString) {
      if (char === '\\') next = i + 2;
      else pattern = outside;
    } else if (char === '"') pattern = inString;
    else if (char === '[') depth++;
    else if (--depth === 0) {
      try {
        const items = JSON.parse(html.slice(open, i + 1)) as Array<Record<string, unknown>>;
        return items.map((item) => ({
          id: typeof item.id === 'number' ? item.id : null,
          title: cleanText(String(item.title ?? '')),
          url: typeof item.url === 'string' ? absoluteUrl(item.url, BASE) : null,
          publishedAt: dateToIso(typeof item.date === 'string' ? item.date : null),
        }));
      } catch {
        return null;
      }
    }
    pattern.lastIndex = next;
  }
  return null;
}

/** The text of `node` without what its `time` elements say (read in place: copying each row cost more). */
function textOutsideTime(node: AnyNode): string {
  if (node.type === 'text') return node.data;
  if (!('children' in node) || (node.type === 'tag' && node.name === 'time')) return '';
  let text = '';
  for (const child of node.children) text += textOutsideTime(child);
  return text;
}

/** Whether `element` is inside a table cell of `row`. */
function inCellOf(element: Element, row: Element): boolean {
  for (let parent = element.parent; parent && parent !== row; parent = parent.parent)
    if (isTag(parent) && parent.name === 'td') return true;
  return false;
}

function tableChapters($: CheerioAPI, index: PageIndex): ParsedChapter[] {
  // Each row read node by node: a selector search per row cost more than the rest of the page.
  return findWithin($, index.withId('chapters'), 'table#chapters tr.chapter-row')
    .get()
    .map((row) => {
      const link =
        findOne(
          (element) =>
            element.name === 'a' &&
            element.attribs.href?.includes('/chapter/') === true &&
            inCellOf(element, row),
          row.children,
        ) ?? undefined;
      const href = link?.attribs.href ?? row.attribs['data-url'];
      const idMatch = /\/chapter\/(\d+)/.exec(href ?? '');
      const time = findOne(
        (element) => element.name === 'time' && 'unixtime' in element.attribs,
        row.children,
      );
      return {
        id: idMatch?.[1] ? Number(idMatch[1]) : null,
        title: cleanText(link ? textOutsideTime(link) : '').replace(/\s+ago$/, ''),
        url: absoluteUrl(href, BASE),
        publishedAt: unixTimeToIso(time?.attribs.unixtime) ?? dateToIso(time?.attribs.datetime),
      };
    });
}

/** The items of the legacy statistics panel: labels, each followed by its value. */
function legacyStatItems($: CheerioAPI, index: PageIndex): Element[] {
  return findWithin($, index.withClass('stats-content'), 'div.stats-content ul.list-unstyled li').get();
}

/** Scores from the legacy statistics panel: a label item followed by an item holding `span.star`. */
function legacyScores($: CheerioAPI, items: Element[]): ParsedFiction['scores'] {
  const scores: ParsedFiction['scores'] = {
    overall: null,
    style: null,
    story: null,
    grammar: null,
    character: null,
  };
  for (const item of items) {
    const key = SCORE_LABELS[cleanText(textContent(item)).toLowerCase() as keyof typeof SCORE_LABELS];
    if (!key) continue;
    const star = $(item).next('li').find('span.star').first();
    scores[key] = parseScore(star.attr('data-content')) ?? parseScore(star.attr('aria-label'));
  }
  return scores;
}

/**
 * Statistics by label. The legacy panel has `li` label/value pairs ("Followers :" then "3,303");
 * the redesign has a label element followed by a value element. Items can be missing: match by label.
 */
function statistics(index: PageIndex, legacy: Element[]): ParsedFiction['stats'] {
  const stats: ParsedFiction['stats'] = {
    followers: null,
    favorites: null,
    ratings: null,
    pages: null,
    totalViews: null,
    averageViews: null,
  };
  // Elsewhere a label is an element without elements inside it, anywhere in the body.
  const candidates = legacy.length
    ? legacy
    : elementsWithin(index.tag('body'), (element) => !element.children.some(isTag));
  for (const element of candidates) {
    const label = cleanText(textContent(element))
      .replace(/\s*:$/, '')
      .toLowerCase() as keyof typeof STAT_LABELS;
    const key = STAT_LABELS[label];
    // A description that says "Followers" next to a number is not the statistic.
    if (!key || stats[key] !== null || isWriting(element)) continue;
    const value = nextElementSibling(element);
    stats[key] = parseCount(value ? textContent(value) : '');
  }
  return stats;
}

function warnings($: CheerioAPI, index: PageIndex): string[] {
  const heading = index.tag('strong').find((element) => cleanText(textContent(element)) === 'Warning');
  if (!heading) return [];
  return $(heading)
    .nextAll('ul.list-inline')
    .first()
    .find('li')
    .map((_, item) => cleanText($(item).text()))
    .get()
    .filter(Boolean);
}

/**
 * Reads a fiction page of either layout. Throws RoyalRoadError for pages that
 * are not a fiction (challenge, 404, alert), and 'parse' when required fields are missing, when the page
 * is another fiction's than `expectedId`, or when it cannot be read at all.
 */
export function parseFictionPage(
  html: string,
  options: { url?: string; expectedId?: number } = {},
): ParsedFiction {
  return readPage(options.url, () => readFiction(html, options));
}

function readFiction(html: string, options: { url?: string; expectedId?: number }): ParsedFiction {
  const $ = loadPage(html);
  const index = pageIndex($);
  assertDataPage($, html, options.url);
  const data = pageData(index);
  const header = index.withClass('fic-header');
  const info = index.withClass('fiction-info');

  const title =
    cleanText(findWithin($, header, '.fic-header .fic-title h1').first().text()) ||
    cleanText(headMeta($, 'og:title'));
  const royalroadId = fictionId($, data, options);
  if (!title || !royalroadId) {
    const alert = alertText($);
    if (alert) throw new RoyalRoadError('site-error', alert, { url: options.url });
    const missing = [!royalroadId && 'fiction id', !title && 'title'].filter(Boolean).join(' and ');
    throw new RoyalRoadError('parse', `The fiction page has no ${missing}`, { url: options.url });
  }

  // A signed-in page also links the reader's own profile: prefer the link named like books:author.
  const metaAuthor = cleanText(headMeta($, 'books:author'));
  const profileLinks = () => $(index.tag('a').filter((link) => link.attribs.href?.startsWith('/profile/')));
  const legacyAuthor = findWithin($, header, '.fic-header h4 a[href^="/profile/"]').first();
  const headerAuthor = legacyAuthor.length
    ? legacyAuthor
    : metaAuthor
      ? profileLinks()
          .filter((_, link) => cleanText($(link).text()) === metaAuthor)
          .first()
      : profileLinks().first();
  const authorName = cleanText(headerAuthor.text()) || metaAuthor || null;

  const cover =
    findWithin($, index.withClass('cover-art-container'), '.cover-art-container img[data-type="cover"]')
      .first()
      .attr('src') ??
    headMeta($, 'og:image') ??
    undefined;
  const descriptionHtml = findWithin(
    $,
    index.withClass('description'),
    'div.description > div.hidden-content',
  )
    .first()
    .html();
  const { type, status } = typeAndStatus(
    findWithin($, info, 'div.fiction-info span.label.bg-blue-hoki')
      .map((_, element) => cleanText($(element).text()))
      .get(),
  );

  const statItems = legacyStatItems($, index);
  const scores = legacyScores($, statItems);
  const preciseOverall = parseScore(headMeta($, 'books:rating:value'));
  if (preciseOverall !== null && preciseOverall > 0) scores.overall = preciseOverall;

  const chapters = scriptChapters(data.scripts) ?? tableChapters($, index);
  const chapterTable = index.withId('chapters').find((element) => element.name === 'table');
  const declaredCount = parseCount(chapterTable?.attribs['data-chapters']);
  const tagList = findWithin($, info, 'div.fiction-info span.tags');

  return {
    royalroadId,
    title,
    authorName,
    authorId: profileIdFrom(headerAuthor.attr('href')),
    imageUrl: absoluteUrl(cover, BASE),
    description: readDescription(descriptionHtml),
    type,
    status,
    tags: tagsIn(
      tagList.length
        ? tagList.find(TAG_LINK).get()
        : index.tag('a').filter((link) => link.attribs.href?.includes('tagsAdd=')),
    ),
    warnings: warnings($, index),
    scores,
    stats: statistics(index, statItems),
    chapterCount: Math.max(chapters.length, declaredCount ?? 0) || null,
    chapters,
  };
}

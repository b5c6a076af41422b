import type { CheerioAPI } from 'cheerio';
import { load } from 'cheerio/slim';
import { RoyalRoadError } from '../errors.ts';
import { alertText, assertDataPage } from './page-kind.ts';
import { sanitizeDescription } from './sanitize.ts';
import {
  absoluteUrl,
  cleanText,
  dateToIso,
  fictionIdFrom,
  parseCount,
  parseScore,
  profileIdFrom,
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

const meta = ($: CheerioAPI, property: string) =>
  $(`meta[property="${property}"]`).attr('content')?.trim() || null;

function fictionId($: CheerioAPI, html: string, expectedId?: number): number | null {
  const script = /window\.fictionId\s*=\s*(\d+)/.exec(html);
  if (script?.[1]) return Number(script[1]);
  const fromMeta = fictionIdFrom(meta($, 'og:url') ?? undefined);
  if (fromMeta) return fromMeta;
  const fromForm = /\/fictions\/setbookmark\/(\d+)/.exec(html);
  if (fromForm?.[1]) return Number(fromForm[1]);
  return expectedId ?? null;
}

/** The JSON array assigned to `window.chapters`, which lists every chapter (the table shows only the latest ones). */
function scriptChapters(html: string): ParsedChapter[] | null {
  const start = html.search(/window\.chapters\s*=\s*\[/);
  if (start < 0) return null;
  const open = html.indexOf('[', start);
  let depth = 0;
  let inString = false;
  for (let i = open; i < html.length; i++) {
    const char = html[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) {
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
  }
  return null;
}

function tableChapters($: CheerioAPI): ParsedChapter[] {
  return $('table#chapters tr.chapter-row')
    .map((_, row) => {
      const link = $(row).find('td a[href*="/chapter/"]').first();
      const href = link.attr('href') ?? $(row).attr('data-url');
      const idMatch = /\/chapter\/(\d+)/.exec(href ?? '');
      const time = $(row).find('time[unixtime]').first();
      const titleLink = link.clone();
      titleLink.find('time').remove();
      return {
        id: idMatch?.[1] ? Number(idMatch[1]) : null,
        title: cleanText(titleLink.text()).replace(/\s+ago$/, ''),
        url: absoluteUrl(href, BASE),
        publishedAt: unixTimeToIso(time.attr('unixtime')) ?? dateToIso(time.attr('datetime')),
      };
    })
    .get();
}

/** Scores from the legacy statistics panel: a label item followed by an item holding `span.star`. */
function legacyScores($: CheerioAPI): ParsedFiction['scores'] {
  const scores: ParsedFiction['scores'] = {
    overall: null,
    style: null,
    story: null,
    grammar: null,
    character: null,
  };
  $('div.stats-content ul.list-unstyled li').each((_, item) => {
    const key = SCORE_LABELS[cleanText($(item).text()).toLowerCase() as keyof typeof SCORE_LABELS];
    if (!key) return;
    const star = $(item).next('li').find('span.star').first();
    scores[key] = parseScore(star.attr('data-content')) ?? parseScore(star.attr('aria-label'));
  });
  return scores;
}

/**
 * Statistics by label. The legacy panel has `li` label/value pairs ("Followers :" then "3,303");
 * the redesign has a label element followed by a value element. Items can be missing: match by label.
 */
function statistics($: CheerioAPI): ParsedFiction['stats'] {
  const stats: ParsedFiction['stats'] = {
    followers: null,
    favorites: null,
    ratings: null,
    pages: null,
    totalViews: null,
    averageViews: null,
  };
  const legacy = $('div.stats-content ul.list-unstyled li');
  const candidates = legacy.length ? legacy : $('body *');
  candidates.each((_, element) => {
    const node = $(element);
    if (!legacy.length && node.children().length > 0) return;
    const label = cleanText(node.text()).replace(/\s*:$/, '').toLowerCase() as keyof typeof STAT_LABELS;
    const key = STAT_LABELS[label];
    if (!key || stats[key] !== null) return;
    stats[key] = parseCount(node.next().text());
  });
  return stats;
}

function warnings($: CheerioAPI): string[] {
  const heading = $('strong')
    .filter((_, element) => cleanText($(element).text()) === 'Warning')
    .first();
  if (!heading.length) return [];
  return heading
    .nextAll('ul.list-inline')
    .first()
    .find('li')
    .map((_, item) => cleanText($(item).text()))
    .get()
    .filter(Boolean);
}

/**
 * Reads a fiction page of either layout. Throws RoyalRoadError for pages that
 * are not a fiction (challenge, 404, alert) and 'parse' when required fields are missing.
 */
export function parseFictionPage(
  html: string,
  options: { url?: string; expectedId?: number } = {},
): ParsedFiction {
  const $ = load(html);
  assertDataPage($, html, options.url);

  const title = cleanText($('.fic-header .fic-title h1').first().text()) || cleanText(meta($, 'og:title'));
  const royalroadId = fictionId($, html, options.expectedId);
  if (!title || !royalroadId) {
    const alert = alertText($);
    if (alert) throw new RoyalRoadError('site-error', alert, { url: options.url });
    const missing = [!royalroadId && 'fiction id', !title && 'title'].filter(Boolean).join(' and ');
    throw new RoyalRoadError('parse', `The fiction page has no ${missing}`, { url: options.url });
  }

  // A signed-in page also links the reader's own profile: prefer the link named like books:author.
  const metaAuthor = cleanText(meta($, 'books:author'));
  const profileLinks = $('a[href^="/profile/"]');
  const legacyAuthor = $('.fic-header h4 a[href^="/profile/"]').first();
  const headerAuthor = legacyAuthor.length
    ? legacyAuthor
    : metaAuthor
      ? profileLinks.filter((_, link) => cleanText($(link).text()) === metaAuthor).first()
      : profileLinks.first();
  const authorName = cleanText(headerAuthor.text()) || metaAuthor || null;

  const cover =
    $('.cover-art-container img[data-type="cover"]').first().attr('src') ?? meta($, 'og:image') ?? undefined;
  const descriptionHtml = $('div.description > div.hidden-content').first().html();
  const { type, status } = typeAndStatus(
    $('div.fiction-info span.label.bg-blue-hoki')
      .map((_, element) => cleanText($(element).text()))
      .get(),
  );

  const scores = legacyScores($);
  const preciseOverall = parseScore(meta($, 'books:rating:value'));
  if (preciseOverall !== null && preciseOverall > 0) scores.overall = preciseOverall;

  const chapters = scriptChapters(html) ?? tableChapters($);
  const declaredCount = parseCount($('table#chapters').attr('data-chapters'));

  return {
    royalroadId,
    title,
    authorName,
    authorId: profileIdFrom(headerAuthor.attr('href')),
    imageUrl: absoluteUrl(cover, BASE),
    description: descriptionHtml ? sanitizeDescription(descriptionHtml) || null : null,
    type,
    status,
    tags: tagsIn($, $('div.fiction-info span.tags').length ? $('div.fiction-info span.tags') : $.root()),
    warnings: warnings($),
    scores,
    stats: statistics($),
    chapterCount: Math.max(chapters.length, declaredCount ?? 0) || null,
    chapters,
  };
}

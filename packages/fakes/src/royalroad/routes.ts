// Which page a Royal Road URL gets, answered from the site model the way the real site answers it.
import { genreLabel } from '@rrc/contract';
import { type FakeFiction, POPULAR_LISTS, type PopularList } from './model.ts';
import {
  ALERT_PAGE,
  CLOUDFLARE_PAGE,
  GARBAGE_BODY,
  NOT_FOUND_PAGE,
  renderFictionPage,
  renderListPage,
  renderProfilePage,
} from './render.ts';
import type { FakeRule } from './rules.ts';
import type { FakeSite } from './site.ts';

export interface FakeResponse {
  status: number;
  body: string | Buffer;
  headers?: Record<string, string>;
}

const POPULAR_HEADINGS: Record<PopularList, string> = {
  'best-rated': 'Best Rated',
  'active-popular': 'Ongoing Fictions',
  'weekly-popular': 'Popular This Week',
  trending: 'Trending',
};

const notFound = (): FakeResponse => ({ status: 404, body: NOT_FOUND_PAGE });

function isPopularList(name: string): name is PopularList {
  return (POPULAR_LISTS as readonly string[]).includes(name);
}

function listPage(site: FakeSite, heading: string, ids: readonly number[]): FakeResponse {
  const fictions = ids.map((id) => site.fiction(id)).filter((fiction): fiction is FakeFiction => !!fiction);
  return { status: 200, body: renderListPage({ heading, fictions, now: site.now }) };
}

/** The normal answer for a GET of `url`. */
export function routeSite(site: FakeSite, url: URL): FakeResponse {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const fiction = path.match(/^\/fiction\/(\d+)(?:\/[^/]+)?$/);
  if (fiction) {
    const found = site.fiction(Number(fiction[1]));
    return found ? { status: 200, body: renderFictionPage(found, site.now) } : notFound();
  }
  if (path === '/fictions/rising-stars') {
    // An unknown or missing genre gets the main list, as on the real site.
    const genre = url.searchParams.get('genre') ?? 'main';
    const ids = site.risingStars(genre);
    if (ids && genre !== 'main') return listPage(site, `Rising Stars: ${genreLabel(genre)}`, ids);
    return listPage(site, 'Rising Stars', site.risingStars('main') ?? []);
  }
  const popular = path.match(/^\/fictions\/([a-z-]+)$/);
  if (popular?.[1] && isPopularList(popular[1])) {
    return listPage(site, POPULAR_HEADINGS[popular[1]], site.popular(popular[1]));
  }
  // The real site lists an author's fictions on /profile/{id}/fictions; the fake shows them on both paths.
  const profile = path.match(/^\/profile\/(\d+)(?:\/fictions)?$/);
  if (profile) {
    const author = site.author(Number(profile[1]));
    if (!author) return notFound();
    return { status: 200, body: renderProfilePage(author, site.fictionsBy(author.id), site.now) };
  }
  return notFound();
}

const STATUS_PAGES: Record<number, string> = {
  429: '<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head><body><h1>Too Many Requests</h1></body></html>',
  500: '<!DOCTYPE html><html><head><title>Error | Royal Road</title></head><body><h1>An error occurred while processing your request.</h1></body></html>',
  503: '<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>',
  404: NOT_FOUND_PAGE,
};

/**
 * The answer a rule forces. A page keeps its usual status unless the rule sets one: Cloudflare's challenge
 * comes with 403 (and `cf-mitigated: challenge`) like the real thing, the others with 200.
 */
export function ruleResponse(rule: FakeRule): FakeResponse | undefined {
  if (rule.page === undefined && rule.status === undefined) return undefined;
  const headers: Record<string, string> = {};
  if (rule.retryAfter !== undefined) headers['retry-after'] = String(rule.retryAfter);
  switch (rule.page) {
    case 'cloudflare':
      return {
        status: rule.status ?? 403,
        body: CLOUDFLARE_PAGE,
        headers: {
          ...headers,
          'cf-mitigated': 'challenge',
          server: 'cloudflare',
          'cf-ray': '8cf3b27d5e1a9f04-AMS',
        },
      };
    case 'not-found-200':
      return { status: rule.status ?? 200, body: NOT_FOUND_PAGE, headers };
    case 'alert':
      return { status: rule.status ?? 200, body: ALERT_PAGE, headers };
    case 'garbage':
      return { status: rule.status ?? 200, body: GARBAGE_BODY, headers };
    case undefined: {
      const status = rule.status ?? 200;
      return { status, body: STATUS_PAGES[status] ?? '', headers };
    }
  }
}

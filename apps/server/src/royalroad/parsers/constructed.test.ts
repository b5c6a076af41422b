import { readFileSync } from 'node:fs';
import { ALERT_PAGE, CLOUDFLARE_PAGE, NOT_FOUND_PAGE } from '@rrc/fakes/royalroad';
import { describe, expect, it } from 'vitest';
import { isRoyalRoadError, type RoyalRoadErrorKind } from '../errors.ts';
import { parseFictionPage } from './fiction.ts';
import { parseListPage } from './list.ts';
import { parseProfilePage } from './profile.ts';

// Pages no saved real page shows, constructed in the same markup (each file says so on its first line);
// the pages that hold no data are those the fake Royal Road serves.
const file = (name: string) => readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8');
const expected = <T>(name: string) => JSON.parse(file(name)) as T;

function kindOf(action: () => unknown): RoyalRoadErrorKind | 'none' {
  try {
    action();
    return 'none';
  } catch (error) {
    if (isRoyalRoadError(error)) return error.kind;
    throw error;
  }
}

describe('a full 50-entry Rising Stars list', () => {
  it('reads every entry in rank order with the expected values', () => {
    type Entry = { tags: string[] } & Record<string, unknown>;
    const items = parseListPage(file('rising-stars-main-50.html'));
    const want = expected<Entry[]>('rising-stars-main-50.expected.json');
    expect(items).toHaveLength(50);
    expect(items.map((item) => item.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(
      items.map(({ description: _description, tags, ...item }) => ({
        ...item,
        tags: tags.map((tag) => tag.label),
      })),
    ).toEqual(want);
  });
});

describe('the 2026 redesign layout', () => {
  it('reads the fiction from the anchors that survive both layouts', () => {
    type Want = {
      royalroadId: number;
      title: string;
      authorName: string;
      authorId: number;
      imageUrl: string;
      tags: string[];
      overallScore: number;
      followers: number;
      favorites: null;
      ratings: number;
      pages: number;
      totalViews: number;
      averageViews: number;
      chapterCount: number;
      firstChapter: { id: number; title: string; publishedAt: string };
      lastChapter: { id: number; title: string; publishedAt: string };
    };
    const want = expected<Want>('fiction-redesign.expected.json');
    const fiction = parseFictionPage(file('fiction-redesign.html'));
    expect(fiction.royalroadId).toBe(want.royalroadId);
    expect(fiction.title).toBe(want.title);
    expect(fiction.authorName).toBe(want.authorName);
    expect(fiction.authorId).toBe(want.authorId);
    expect(fiction.imageUrl).toBe(want.imageUrl);
    expect(fiction.tags.map((tag) => tag.label)).toEqual(want.tags);
    expect(fiction.scores.overall).toBe(want.overallScore);
    expect(fiction.stats).toEqual({
      followers: want.followers,
      favorites: null,
      ratings: want.ratings,
      pages: want.pages,
      totalViews: want.totalViews,
      averageViews: want.averageViews,
    });
    expect(fiction.chapterCount).toBe(want.chapterCount);
    const { url: _first, ...first } = fiction.chapters[0] ?? { url: null };
    const { url: _last, ...last } = fiction.chapters.at(-1) ?? { url: null };
    expect(first).toEqual(want.firstChapter);
    expect(last).toEqual(want.lastChapter);
  });
});

describe('a profile page', () => {
  it('reads the author and their fictions', () => {
    type Want = {
      royalroadId: number;
      authorName: string;
      avatarUrl: string;
      fictions: Array<{ royalroadId: number; title: string }>;
    };
    const want = expected<Want>('profile-1073541.expected.json');
    const profile = parseProfilePage(file('profile-1073541.html'), { profileId: 1073541 });
    expect(profile.name).toBe(want.authorName);
    expect(profile.avatarUrl).toBe(want.avatarUrl);
    expect(profile.fictions.map((fiction) => [fiction.royalroadId, fiction.title])).toEqual(
      want.fictions.map((fiction) => [fiction.royalroadId, fiction.title]),
    );
  });
});

describe('pages that are not data', () => {
  it.each([
    { page: 'the Cloudflare challenge', html: CLOUDFLARE_PAGE, kind: 'cloudflare' },
    { page: "Royal Road's 404 page served with 200", html: NOT_FOUND_PAGE, kind: 'not-found' },
    { page: 'an error alert', html: ALERT_PAGE, kind: 'site-error' },
  ] as const)('$page is reported as $kind by every parser', ({ html, kind }) => {
    expect(kindOf(() => parseFictionPage(html, { expectedId: 1 }))).toBe(kind);
    expect(kindOf(() => parseListPage(html))).toBe(kind);
    expect(kindOf(() => parseProfilePage(html, { profileId: 1 }))).toBe(kind);
  });

  it('reports garbage as a parse error', () => {
    expect(kindOf(() => parseFictionPage('\u0000\u0001 not html at all <<<'))).toBe('parse');
    expect(kindOf(() => parseListPage('{"json": true}'))).toBe('parse');
  });
});

import { readFileSync } from 'node:fs';
import { CLOUDFLARE_PAGE } from '@rrc/fakes/royalroad';
import { describe, expect, it } from 'vitest';
import { isRoyalRoadError, type RoyalRoadError } from '../errors.ts';
import { parseFictionPage } from './fiction.ts';
import { parseListPage } from './list.ts';
import { parseProfilePage } from './profile.ts';

// What authors write (descriptions) and what a page's markup does (absurd nesting, broken escapes) must not
// decide what a page is, which fiction it is, or whether a run survives it.
const file = (name: string) => readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8');
const real = file('fiction-192682.html');
const hostile = file('fiction-hostile-description.html');
const list = file('rising-stars-main-50.html');

function failure(action: () => unknown): RoyalRoadError {
  try {
    action();
  } catch (error) {
    if (isRoyalRoadError(error)) return error;
    throw error;
  }
  throw new Error('expected the page to be refused');
}

const nested = (depth: number) => `${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}`;

describe('a description written to steer the scraper', () => {
  it('is an ordinary page of its own fiction, whatever the description says', () => {
    const fiction = parseFictionPage(hostile, {
      url: 'https://www.royalroad.com/fiction/700001',
      expectedId: 700001,
    });
    expect(fiction.royalroadId).toBe(700001);
    expect(fiction.title).toBe('Please Verify You Are Human');
    expect(fiction.authorName).toBe('Mischief Maker');
    expect(fiction.description).toContain('challenges.cloudflare.com');
    expect(fiction.description).toContain('window.fictionId = 192682');
    // Its tags and chapters are the page's own, not the ones the description names.
    expect(fiction.tags.map((tag) => tag.label)).toEqual(['LitRPG', 'Progression']);
    expect(fiction.chapters.map((chapter) => chapter.title)).not.toContain('Not a chapter of this story');
    expect(fiction.chapters).toHaveLength(5);
    expect(parseFictionPage(hostile).royalroadId).toBe(700001);
  });

  it('cannot pass the page off as the fiction it names', () => {
    const error = failure(() => parseFictionPage(hostile, { expectedId: 192682 }));
    expect(error.kind).toBe('parse');
    expect(error.message).toBe(
      'The page is of fiction 700001 (so says its canonical link), not of fiction 192682',
    );
  });

  it('mentioning the challenge in a list item description leaves the list a list', () => {
    const withWords = list.replace(
      /(<div id="description-\d+"[^>]*>)/,
      '$1<p>See https://challenges.cloudflare.com/ and window._cf_chl_opt; &lt;title&gt;Just a moment...&lt;/title&gt; There is nothing here.</p>',
    );
    expect(withWords).not.toBe(list);
    expect(parseListPage(withWords)).toHaveLength(50);
  });

  it('adds no tag to a list item by linking to a tag search', () => {
    const [first] = parseListPage(list);
    const withLink = list.replace(
      /(<div id="description-\d+"[^>]*>)/,
      '$1<p><a href="https://www.royalroad.com/fictions/search?tagsAdd=harem">Harem</a></p>',
    );
    expect(parseListPage(withLink)[0]?.tags).toEqual(first?.tags);
  });
});

describe('which fiction a page is', () => {
  it('is read from the address it came from, its head, its script and its follow buttons, never from its text', () => {
    const url = 'https://www.royalroad.com/fiction/192682/reborn-as-a-demonic-rock';
    expect(parseFictionPage(real, { url, expectedId: 192682 }).royalroadId).toBe(192682);
    // Redirected to another fiction's page: the address says so.
    const moved = failure(() =>
      parseFictionPage(real, { url: 'https://www.royalroad.com/fiction/5/other', expectedId: 192682 }),
    );
    expect(moved.message).toBe('The page is of fiction 5 (so says its address), not of fiction 192682');
    // The real page of 192682 fetched for another id: its follow buttons say whose it is.
    const other = failure(() => parseFictionPage(real, { expectedId: 5 }));
    expect(other.message).toBe('The page is of fiction 192682 (so says its follow button), not of fiction 5');
    const script = real.replace('<head></head>', '<head><script>window.fictionId = 99;</script></head>');
    expect(failure(() => parseFictionPage(script, { expectedId: 192682 })).message).toBe(
      'The page is of fiction 99 (so says its script), not of fiction 192682',
    );
    expect(failure(() => parseFictionPage(script)).message).toBe(
      'The page names two fictions (99 and, in its follow button, 192682)',
    );
  });
});

describe('a Cloudflare challenge', () => {
  it('is told by the head title and the challenge script together, not by either alone', () => {
    expect(failure(() => parseFictionPage(CLOUDFLARE_PAGE, { expectedId: 1 })).kind).toBe('cloudflare');
    const titleOnly = real.replace('<head></head>', '<head><title>Just a moment...</title></head>');
    expect(parseFictionPage(titleOnly).royalroadId).toBe(192682);
    const scriptOnly = real.replace(
      '<head></head>',
      '<head><title>Reborn as a Demonic Rock | Royal Road</title><script>window._cf_chl_opt = {};</script></head>',
    );
    expect(parseFictionPage(scriptOnly).royalroadId).toBe(192682);
  });
});

describe('a page that cannot be read', () => {
  it('20,000 nested tags in a description fail that page as unreadable', () => {
    const deep = real.replace(
      '<div class="hidden-content">',
      `<div class="hidden-content">${nested(20_000)}`,
    );
    const error = failure(() => parseFictionPage(deep, { expectedId: 192682 }));
    expect(error.kind).toBe('parse');
    expect(error.message).toBe('The page could not be read (its markup is nested too deeply)');

    const deepList = list.replace(/(<div id="description-\d+"[^>]*>)/, `$1${nested(20_000)}`);
    expect(failure(() => parseListPage(deepList)).kind).toBe('parse');
    expect(failure(() => parseProfilePage(deepList, { profileId: 1 })).kind).toBe('parse');
  });

  it('a malformed escape in a tag link keeps the tag under the slug as written', () => {
    const broken = real.replace('tagsAdd=litrpg', 'tagsAdd=%E0%A4%A');
    const fiction = parseFictionPage(broken, { expectedId: 192682 });
    expect(fiction.tags).toHaveLength(17);
    expect(fiction.tags[0]).toEqual({ slug: '%E0%A4%A', label: 'LitRPG' });
  });
});

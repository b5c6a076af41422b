import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GARBAGE_BODY, TABLE_ROWS } from './render.ts';
import { type FakeRoyalRoad, startFakeRoyalRoad } from './server.ts';

let fake: FakeRoyalRoad;

beforeAll(async () => {
  fake = await startFakeRoyalRoad();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

async function get(path: string, init?: RequestInit) {
  const response = await fetch(`${fake.url}${path}`, init);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;
const ITEM = /<div class="fiction-list-item row">/g;
const listedIds = (html: string) =>
  [...html.matchAll(/<h2 class="fiction-title">\s*<a href="\/fiction\/(\d+)\//g)].map((match) =>
    Number(match[1]),
  );

describe('pages', () => {
  it('serves a fiction page with or without its slug, and a 404 page with status 404 for unknown ids', async () => {
    const page = await get('/fiction/192682');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div class="row fic-header">');
    expect((await get('/fiction/192682/reborn-as-a-demonic-rock-monster-evolution-litrpg')).body).toBe(
      page.body,
    );

    const missing = await get('/fiction/1');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatch(/<div class="number font-red"> 404 <\/div>/);
    expect(missing.body).toContain('There is nothing here');
  });

  it('serves the Rising Stars lists in rank order, and the main list for an unknown genre', async () => {
    const main = await get('/fictions/rising-stars');
    expect(main.status).toBe(200);
    expect(main.body).toContain('<div class="fiction-list" id="result">');
    expect(count(main.body, ITEM)).toBe(50);
    expect(listedIds(main.body)).toEqual(fake.site.risingStars('main'));

    const fantasy = await get('/fictions/rising-stars?genre=fantasy');
    expect(fantasy.body).toContain('<title>Rising Stars: Fantasy | Royal Road</title>');
    expect(listedIds(fantasy.body)).toEqual(fake.site.risingStars('fantasy'));
    expect(listedIds((await get('/fictions/rising-stars?genre=loop')).body)).toEqual(
      fake.site.risingStars('loop'),
    );

    expect((await get('/fictions/rising-stars?genre=no-such-genre')).body).toBe(main.body);
  });

  it('serves the four popular lists with 20 items each', async () => {
    for (const list of ['best-rated', 'active-popular', 'weekly-popular', 'trending'] as const) {
      const page = await get(`/fictions/${list}`);
      expect(page.status, list).toBe(200);
      expect(listedIds(page.body), list).toEqual(fake.site.popular(list));
      expect(count(page.body, ITEM), list).toBe(20);
    }
  });

  it("serves an author's profile with their fictions, and 404 for unknown profiles and paths", async () => {
    const profile = await get('/profile/1073541');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatch(/<div class="username">\s*<h1 class="font-white">Roobit<\/h1>/);
    expect(profile.body).toMatch(/<img class="img-circle avatar" data-type="avatar" alt="Roobit"/);
    expect(listedIds(profile.body)).toContain(192682);
    expect(count(profile.body, ITEM)).toBe(fake.site.fictionsBy(1073541).length);

    expect((await get('/profile/1')).status).toBe(404);
    expect((await get('/no/such/page')).status).toBe(404);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await fetch(`${fake.url}/fictions/rising-stars`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
    expect((await fetch(`${fake.url}/fiction/192682`, { method: 'POST' })).status).toBe(405);
  });
});

describe('fiction 192682', () => {
  it('carries the real values of the saved page in the legacy markup', async () => {
    const { body } = await get('/fiction/192682');
    expect(body).toContain(
      '<h1 class="font-white">Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]</h1>',
    );
    expect(body).toMatch(
      /<h4 class="font-white">[\s\S]*?<a href="\/profile\/1073541" class="font-white">Roobit<\/a>/,
    );
    expect(body).toMatch(
      /<div class="cover-art-container">\s*<img class="thumbnail inline-block" data-type="cover"/,
    );
    expect(body).toMatch(
      /bg-blue-hoki"[^>]*>Original<\/span>\s*<span[^>]*bg-blue-hoki[^>]*>\s*ONGOING\s*<\/span>/,
    );
    expect(
      count(
        body,
        /<a class="label label-default label-sm bg-blue-dark fiction-tag" href="\/fictions\/search\?tagsAdd=/g,
      ),
    ).toBe(17);
    expect(body).toMatch(
      /<strong>Warning<\/strong>[\s\S]*?<ul class="list-inline">\s*<li>Graphic Violence<\/li>\s*<\/ul>/,
    );
    for (const [label, value] of [
      ['Overall Score', '4.52'],
      ['Style Score', '4.8'],
      ['Story Score', '4.7'],
      ['Grammar Score', '4.9'],
      ['Character Score', '4.9'],
    ]) {
      expect(body).toContain(
        `data-original-title="${label}" data-content="${value} / 5" aria-label="${value} stars"`,
      );
    }
    for (const [label, value] of [
      ['Total Views', '216,070'],
      ['Average Views', '8,003'],
      ['Followers', '3,303'],
      ['Favorites', '565'],
      ['Ratings', '273'],
    ]) {
      expect(body).toMatch(
        new RegExp(
          `<li class="bold uppercase">${label} :</li>\\s*<li class="bold uppercase font-red-sunglo">${value}</li>`,
        ),
      );
    }
    expect(body).toMatch(
      /Pages <i [^>]*><\/i> :<\/li>\s*<li class="bold uppercase font-red-sunglo">258<\/li>/,
    );
  });

  it('has the head meta tags, every chapter in window.chapters, and only the latest rows in the table', async () => {
    const { body } = await get('/fiction/192682');
    expect(body).toContain(
      '<meta property="og:title" content="Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]" />',
    );
    expect(body).toContain('<meta property="books:author" content="Roobit" />');
    expect(body).toContain('<meta property="books:rating:value" content="4.52" />');
    expect(body).toContain('window.fictionId = 192682;');
    const chapters = JSON.parse(body.match(/window\.chapters = (\[.*\]);/)?.[1] ?? '[]');
    expect(chapters).toHaveLength(27);
    expect(chapters[26]).toMatchObject({
      id: 4084884,
      title: 'Chapter 27: Condemning an Unbeliever’s Soul to Eternal Punishment… as a Rock?!',
      date: '2026-10-07T19:34:06Z',
      order: 26,
      url: '/fiction/192682/reborn-as-a-demonic-rock-monster-evolution-litrpg/chapter/4084884/chapter-27-condemning-an-unbelievers-soul-to-eternal',
    });
    expect(body).toContain('<table class="table no-border" id="chapters" data-chapters="27">');
    expect(count(body, /class="chapter-row"/g)).toBe(TABLE_ROWS);
    expect(body).toContain(
      '<time unixtime="1791401646" title="Wednesday, October 7, 2026 7:34:06&#x202F;PM" datetime="2026-10-07T19:34:06.0000000&#x2B;00:00" format="agoshort">19 hours </time> ago',
    );
  });

  it('shows the same figures in list items as on the real list page', async () => {
    const { body } = await get('/fictions/rising-stars');
    const item = body.split('<div class="fiction-list-item row">')[1] ?? '';
    expect(item).toContain('<span>3,303 Followers</span>');
    expect(item).toContain('aria-label="Rating: 4.52 out of 5"');
    expect(item).toContain('<span>258 Pages</span>');
    expect(item).toContain('<span>216,070 Views</span>');
    expect(item).toContain('<span>27 Chapters</span>');
    expect(item).toContain(
      '<time unixtime="1791401646" datetime="2026-10-07T19:34:06.0000000Z" format="MMM dd, yyyy" >Oct 07, 2026</time>',
    );
  });
});

describe('rules', () => {
  it('answers 429 with Retry-After for the next `times` matching requests only', async () => {
    fake.behave({ path: '/fiction/192682', status: 429, retryAfter: 30, times: 2 });
    for (let i = 0; i < 2; i++) {
      const limited = await get('/fiction/192682');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('30');
    }
    expect((await get('/fiction/192682')).status).toBe(200);
  });

  it('matches strings exactly (path and query) and RegExps by test; a rule without times lasts until reset', async () => {
    fake.behave({ path: '/fictions/rising-stars?genre=fantasy', status: 503 });
    expect((await get('/fictions/rising-stars')).status).toBe(200);
    expect((await get('/fictions/rising-stars?genre=fantasy')).status).toBe(503);
    expect((await get('/fictions/rising-stars?genre=fantasy')).status).toBe(503);

    fake.behave({ path: /^\/fiction\/\d+/, status: 500 });
    expect((await get('/fiction/192682/any-slug')).status).toBe(500);
    fake.reset();
    expect((await get('/fictions/rising-stars?genre=fantasy')).status).toBe(200);
    expect((await get('/fiction/192682')).status).toBe(200);
  });

  it('applies the first matching rule in the order added', async () => {
    fake.behave({ path: /rising-stars/, status: 500, times: 1 });
    fake.behave({ path: /rising-stars/, status: 404 });
    expect((await get('/fictions/rising-stars')).status).toBe(500);
    const second = await get('/fictions/rising-stars');
    expect(second.status).toBe(404);
    expect(second.body).toContain('There is nothing here');
  });

  it('delays the answer', async () => {
    fake.behave({ path: '/fictions/trending', delayMs: 150, times: 1 });
    const started = Date.now();
    const slow = await get('/fictions/trending');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(slow.status).toBe(200);
    expect(count(slow.body, ITEM)).toBe(20);
  });

  it('serves the Cloudflare challenge with 403 (or the status the rule sets)', async () => {
    fake.behave({ path: '/fiction/192682', page: 'cloudflare', times: 1 });
    const challenge = await get('/fiction/192682');
    expect(challenge.status).toBe(403);
    expect(challenge.headers.get('cf-mitigated')).toBe('challenge');
    expect(challenge.body).toContain('<title>Just a moment...</title>');
    expect(challenge.body).toContain('window._cf_chl_opt');
    expect(challenge.body).toContain('https://challenges.cloudflare.com/');

    fake.behave({ path: '/fiction/192682', page: 'cloudflare', status: 503, retryAfter: 5, times: 1 });
    const unavailable = await get('/fiction/192682');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('5');
  });

  it('serves garbage, the 404 page with 200, and an error alert', async () => {
    fake.behave({ path: '/fictions/rising-stars', page: 'garbage', times: 1 });
    const garbage = await fetch(`${fake.url}/fictions/rising-stars`);
    expect(garbage.status).toBe(200);
    expect(Buffer.from(await garbage.arrayBuffer())).toEqual(GARBAGE_BODY);

    fake.behave({ path: '/fiction/192682', page: 'not-found-200', times: 1 });
    const notFound = await get('/fiction/192682');
    expect(notFound.status).toBe(200);
    expect(notFound.body).toMatch(/<div class="number[^"]*">\s*404\s*<\/div>/);

    fake.behave({ path: '/fiction/192682', page: 'alert', times: 1 });
    const alert = await get('/fiction/192682');
    expect(alert.status).toBe(200);
    expect(alert.body).toMatch(/<div class="alert alert-danger">[\s\S]*This fiction has been deleted/);
    expect(alert.body).not.toContain('fic-title');
  });

  it('rejects rules that would never do anything', () => {
    expect(() => fake.behave({ path: '/x' })).toThrow(/at least one of/);
    expect(() => fake.behave({ path: '', status: 429 })).toThrow(/path/);
    expect(() => fake.behave({ path: '/x', status: 429, times: 0 })).toThrow(/times/);
  });
});

describe('request log', () => {
  it('records every site request, ruled or not, with method, path, time and user agent', async () => {
    fake.behave({ path: '/fiction/192682', status: 429, times: 1 });
    const before = Date.now();
    await get('/fiction/192682', { headers: { 'user-agent': 'rr-companion-test/1.0' } });
    await get('/fictions/rising-stars?genre=fantasy');
    await get('/__fake/requests');
    expect(fake.requests).toEqual([
      { method: 'GET', path: '/fiction/192682', at: expect.any(Number), userAgent: 'rr-companion-test/1.0' },
      {
        method: 'GET',
        path: '/fictions/rising-stars?genre=fantasy',
        at: expect.any(Number),
        userAgent: 'node',
      },
    ]);
    expect(fake.requests[0]?.at).toBeGreaterThanOrEqual(before);
    expect(fake.requests[1]?.at).toBeLessThanOrEqual(Date.now());
  });
});

describe('site changes between requests', () => {
  it('shows new counters and a new list order on the next request', async () => {
    fake.site.setStats(192682, { followers: 4321, favorites: null });
    const page = await get('/fiction/192682');
    expect(page.body).toMatch(/Followers :<\/li>\s*<li class="bold uppercase font-red-sunglo">4,321</);
    expect(page.body).not.toContain('Favorites :');

    const [first, second] = fake.site.risingStars('main') ?? [];
    fake.site.setRisingStars('main', [second ?? 0, first ?? 0]);
    expect(listedIds((await get('/fictions/rising-stars')).body)).toEqual([second, first]);
  });

  it('serves added fictions and forgets removed ones', async () => {
    const added = fake.site.addFiction({ title: 'Fresh Off the Press' });
    expect((await get(`/fiction/${added.id}`)).body).toContain(
      '<h1 class="font-white">Fresh Off the Press</h1>',
    );
    fake.site.removeFiction(192682);
    expect((await get('/fiction/192682')).status).toBe(404);
    expect(listedIds((await get('/fictions/rising-stars')).body)).not.toContain(192682);
  });
});

describe('control endpoints', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  it('adds rules (a "/…/" path is a RegExp), lists requests and resets', async () => {
    expect(
      (await post('/__fake/rules', { path: '/^\\/fiction\\/\\d+$/', status: 429, retryAfter: 7 })).status,
    ).toBe(201);
    const limited = await get('/fiction/192682');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await get('/fictions/rising-stars')).status).toBe(200);

    const requests = await (await fetch(`${fake.url}/__fake/requests`)).json();
    expect(requests.map((request: { path: string }) => request.path)).toEqual([
      '/fiction/192682',
      '/fictions/rising-stars',
    ]);

    expect((await post('/__fake/reset', {})).status).toBe(200);
    expect(fake.requests).toEqual([]);
    expect((await get('/fiction/192682')).status).toBe(200);
  });

  it('changes statistics and lists', async () => {
    const stats = await post('/__fake/site/stats', { id: 192682, followers: 5000, pages: null });
    expect(stats.status).toBe(200);
    expect(await stats.json()).toMatchObject({ followers: 5000, pages: null, favorites: 565 });
    expect((await get('/fictions/rising-stars')).body).toContain('<span>5,000 Followers</span>');

    expect((await post('/__fake/site/rising-stars', { genre: 'fantasy', ids: [192682] })).status).toBe(200);
    expect(listedIds((await get('/fictions/rising-stars?genre=fantasy')).body)).toEqual([192682]);
  });

  it('answers mistakes with 4xx and a reason', async () => {
    const bad = async (path: string, body: unknown) => {
      const response = await post(path, body);
      return { status: response.status, error: (await response.json()).error as string };
    };
    expect(await bad('/__fake/rules', { path: '/x', status: 418 })).toMatchObject({ status: 400 });
    expect(await bad('/__fake/rules', { path: '/(/', status: 429 })).toMatchObject({ status: 400 });
    expect(await bad('/__fake/site/stats', { id: 1, followers: 1 })).toMatchObject({ status: 404 });
    expect(await bad('/__fake/site/stats', { id: 192682, follows: 1 })).toMatchObject({ status: 400 });
    expect(await bad('/__fake/site/rising-stars', { genre: 'main', ids: [1] })).toMatchObject({
      status: 400,
    });
    expect(await bad('/__fake/nothing', {})).toMatchObject({ status: 404 });
  });
});

describe('closing', () => {
  it('does not wait for delayed answers', async () => {
    const other = await startFakeRoyalRoad();
    other.behave({ path: '/fiction/192682', delayMs: 60_000 });
    const pending = fetch(`${other.url}/fiction/192682`).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await pending).toBe('aborted');
  });
});

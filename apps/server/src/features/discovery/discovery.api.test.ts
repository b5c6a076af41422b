import type { FictionSearchResult, MoversResult } from '@rrc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp } from '../../../test/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
/** The latest snapshot of the fixtures: well before the test clock, as with a paused scraper. */
const END = Date.parse('2026-11-01T06:00:00.000Z');
const at = (daysBefore: number, hours = 0) =>
  new Date(END - daysBefore * DAY - hours * 3_600_000).toISOString();

const t = testAppForEach(() => createTestApp());
let nextId = 5000;

/** Stores a fiction with a history of `[daysBefore, followers]` snapshots; its current state is the latest. */
async function put(fields: {
  title: string;
  author?: string;
  tags?: string[];
  description?: string;
  status?: string;
  type?: string;
  pages?: number;
  score?: number;
  lastChapterDaysBefore?: number;
  history?: Array<[number, number]>;
  createdAt?: string;
}): Promise<number> {
  nextId += 1;
  const history = fields.history ?? [[0, 100]];
  const id = await t.services.fictions.importFiction({
    fiction: {
      royalroad_id: nextId,
      title: fields.title,
      author_name: fields.author ?? 'Someone',
      author_id: 1,
      description: fields.description ?? null,
      image_url: null,
      status: fields.status ?? 'ONGOING',
      type: fields.type ?? 'Original',
      tags: JSON.stringify(fields.tags ?? []),
      warnings: '[]',
      last_chapter_at: at(fields.lastChapterDaysBefore ?? 1),
    },
    snapshots: [...history]
      .sort(([a], [b]) => b - a)
      .map(([daysBefore, followers]) => ({
        captured_at: at(daysBefore),
        followers,
        pages: fields.pages ?? 100,
        overall_score: fields.score ?? 4,
      })),
    createdAt: fields.createdAt ?? at(60),
  });
  if (id === null) throw new Error('already stored');
  return id;
}

type Ok<T> = { success: true; data: T };
const search = async (query: string) => {
  const response = await call<Ok<FictionSearchResult>>(t.app, {
    method: 'GET',
    url: `/api/fictions/search?${query}`,
  });
  expect(response.status, query).toBe(200);
  return response.body.data;
};
const titlesOf = async (query: string) => (await search(query)).items.map((item) => item.title);
const movers = async (query = '') => {
  const response = await call<Ok<MoversResult>>(t.app, {
    method: 'GET',
    url: `/api/fictions/movers?${query}`,
  });
  expect(response.status, query).toBe(200);
  return response.body.data;
};

describe('searching by words', () => {
  beforeEach(async () => {
    await put({
      title: 'The Wandering Inn',
      author: 'pirateaba',
      tags: ['Fantasy', 'Female Lead'],
      history: [[0, 500]],
    });
    await put({
      title: 'Sea of Stars',
      author: 'NightOwl',
      description: '<p>An inn at the end of the wandering roads.</p>',
      tags: ['Sci-fi'],
      history: [[0, 900]],
    });
    await put({
      title: 'The Crimson Knight',
      author: 'LarkInkwell',
      tags: ['LitRPG', 'Fantasy'],
      history: [[0, 30]],
    });
    await put({ title: 'Knightfall', author: 'Wren', tags: ['Action'], history: [[0, 20]] });
    await put({ title: '100% Pure Luck', author: 'Percy', history: [[0, 5]] });
    await put({ title: 'Élan Vital', author: 'Ömer', history: [[0, 3]] });
  });

  it('finds a title first, before a description mentioning the same words', async () => {
    expect(await titlesOf('q=wandering%20inn')).toEqual(['The Wandering Inn', 'Sea of Stars']);
    expect(await titlesOf('q=WANDER')).toEqual(['The Wandering Inn', 'Sea of Stars']);
  });

  it('finds authors and tags', async () => {
    expect(await titlesOf('q=pirateaba')).toEqual(['The Wandering Inn']);
    expect(await titlesOf('q=litrpg')).toEqual(['The Crimson Knight']);
    expect(await titlesOf('q=crimson%20fantasy')).toEqual(['The Crimson Knight']);
  });

  it('ignores accents and case', async () => {
    for (const q of ['élan', 'ELAN', 'Elan', 'omer'])
      expect(await titlesOf(`q=${encodeURIComponent(q)}`), q).toEqual(['Élan Vital']);
  });

  it('falls back to the text inside titles and authors when no word matches', async () => {
    // No word starts with "night" in a title, but "Knight" contains it.
    expect(await titlesOf('q=nightowl')).toEqual(['Sea of Stars']);
    expect(await titlesOf('q=ightfal')).toEqual(['Knightfall']);
    expect(await titlesOf('q=%25')).toEqual(['100% Pure Luck']);
    expect(await search('q=dragon')).toMatchObject({ items: [], total: 0 });
  });

  it('browses everything, most followed first, when q is empty, and pages', async () => {
    const all = await search('');
    expect(all.total).toBe(6);
    expect(all.items.map((item) => item.title).slice(0, 2)).toEqual(['Sea of Stars', 'The Wandering Inn']);
    const second = await search('q=&page=2&limit=4');
    expect(second).toMatchObject({ total: 6, page: 2, limit: 4 });
    expect(second.items.map((item) => item.title)).toEqual(['100% Pure Luck', 'Élan Vital']);
  });

  it('keeps answering new fictions as they are stored', async () => {
    await put({ title: 'Dungeon Crawler', history: [[0, 1]] });
    expect(await titlesOf('q=dungeon')).toEqual(['Dungeon Crawler']);
  });
});

describe('filters', () => {
  beforeEach(async () => {
    await put({
      title: 'Alpha',
      tags: ['Fantasy', 'LitRPG'],
      status: 'ONGOING',
      pages: 300,
      history: [[0, 1000]],
    });
    await put({
      title: 'Beta',
      tags: ['Fantasy'],
      status: 'COMPLETED',
      pages: 900,
      history: [[0, 500]],
      lastChapterDaysBefore: 40,
    });
    await put({
      title: 'Gamma',
      tags: ['Sci-fi', 'LitRPG'],
      status: 'HIATUS',
      type: 'Fan Fiction',
      pages: 50,
      history: [[0, 200]],
    });
    await put({
      title: 'Delta',
      tags: ['Romance'],
      status: 'DROPPED',
      pages: 10,
      history: [[0, 10]],
      lastChapterDaysBefore: 400,
    });
  });

  it('narrows by tags (all of them), genres (any of them), status and type', async () => {
    expect(await titlesOf('tags=litrpg')).toEqual(['Alpha', 'Gamma']);
    expect(await titlesOf('tags=LitRPG,Fantasy')).toEqual(['Alpha']);
    expect(await titlesOf('tags=LitRPG&tags=Fantasy')).toEqual(['Alpha']);
    expect(await titlesOf('genres=sci_fi,romance')).toEqual(['Gamma', 'Delta']);
    expect(await titlesOf('status=completed,hiatus')).toEqual(['Beta', 'Gamma']);
    expect(await titlesOf('type=fanfiction')).toEqual(['Gamma']);
    expect(await titlesOf('type=original&status=ongoing')).toEqual(['Alpha']);
  });

  it('narrows by followers, pages and the last update', async () => {
    expect(await titlesOf('minFollowers=200&maxFollowers=500')).toEqual(['Beta', 'Gamma']);
    expect(await titlesOf('minPages=50&maxPages=300')).toEqual(['Alpha', 'Gamma']);
    expect(await titlesOf('tags=Fantasy&minFollowers=600')).toEqual(['Alpha']);
    // Counted back from the latest snapshot, not from today.
    expect(await titlesOf('updatedWithinDays=30')).toEqual(['Alpha', 'Gamma']);
  });

  it('narrows to the fictions on Rising Stars now (any list), or off it', async () => {
    const [alpha, gamma] = [
      (await search('q=alpha')).items[0]?.id as number,
      (await search('q=gamma')).items[0]?.id as number,
    ];
    const db = t.database.db;
    const old = await db
      .insertInto('rising_star_captures')
      .values({ captured_at: at(2), status: 'complete', genres_total: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = await db
      .insertInto('rising_star_captures')
      .values({ captured_at: at(1), status: 'complete', genres_total: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('rising_star_entries')
      .values([
        { capture_id: old.id, genre: 'main', position: 1, fiction_id: alpha },
        { capture_id: now.id, genre: 'sci_fi', position: 3, fiction_id: gamma },
      ])
      .execute();
    expect(await titlesOf('onRisingStars=true')).toEqual(['Gamma']);
    expect(await titlesOf('onRisingStars=false')).toEqual(['Alpha', 'Beta', 'Delta']);
  });
});

describe('sorts and gains', () => {
  beforeEach(async () => {
    // Followers now, and 7 and 30 days before the latest snapshot.
    await put({
      title: 'Steady',
      score: 4.9,
      pages: 800,
      history: [
        [30, 900],
        [7, 950],
        [0, 1000],
      ],
      createdAt: at(90),
      lastChapterDaysBefore: 5,
    });
    await put({
      title: 'Rocket',
      score: 4.1,
      pages: 60,
      history: [
        [30, 10],
        [7, 100],
        [0, 600],
      ],
      createdAt: at(10),
      lastChapterDaysBefore: 1,
    });
    await put({
      title: 'Slow burn',
      score: 4.5,
      pages: 300,
      history: [
        [30, 100],
        [7, 300],
        [0, 400],
      ],
      createdAt: at(50),
      lastChapterDaysBefore: 3,
    });
    // No snapshot 7 days back: its 7-day gain is unknown, never zero.
    await put({
      title: 'Newcomer',
      score: 3.0,
      pages: 20,
      history: [
        [2, 50],
        [0, 700],
      ],
      createdAt: at(2),
      lastChapterDaysBefore: 0,
    });
    // No snapshot at the end of the window: no gains at all.
    await put({
      title: 'Stale',
      score: 2.0,
      pages: 5,
      history: [
        [37, 10],
        [30, 20],
        [3, 5000],
      ],
      createdAt: at(80),
      lastChapterDaysBefore: 30,
    });
  });

  it('orders by each sort', async () => {
    expect(await titlesOf('sort=followers')).toEqual(['Stale', 'Steady', 'Newcomer', 'Rocket', 'Slow burn']);
    expect(await titlesOf('sort=gain7')).toEqual(['Rocket', 'Slow burn', 'Steady', 'Stale', 'Newcomer']);
    expect(await titlesOf('sort=gain30')).toEqual(['Rocket', 'Slow burn', 'Steady', 'Stale', 'Newcomer']);
    expect(await titlesOf('sort=score')).toEqual(['Steady', 'Slow burn', 'Rocket', 'Newcomer', 'Stale']);
    expect(await titlesOf('sort=pages')).toEqual(['Steady', 'Slow burn', 'Rocket', 'Newcomer', 'Stale']);
    expect(await titlesOf('sort=newest')).toEqual(['Newcomer', 'Rocket', 'Slow burn', 'Stale', 'Steady']);
    expect(await titlesOf('sort=updated')).toEqual(['Newcomer', 'Rocket', 'Slow burn', 'Steady', 'Stale']);
  });

  it('measures gains from real snapshots up to the latest one, null where an end is missing', async () => {
    const cards = new Map((await search('sort=gain7')).items.map((item) => [item.title, item]));
    expect(cards.get('Rocket')).toMatchObject({ gain7: 500, gain30: 590, followers: 600 });
    expect(cards.get('Steady')).toMatchObject({ gain7: 50, gain30: 100 });
    expect(cards.get('Newcomer')).toMatchObject({ gain7: null, gain30: null });
    expect(cards.get('Stale')).toMatchObject({ gain7: null, gain30: null });
    // A sparkline: the followers of each day over the last 30 days, oldest first.
    expect(cards.get('Rocket')?.sparkline).toEqual([100, 600]);
    expect((await search('')).as_of).toBe(at(0));
  });

  it('lists the movers with their gains, per day, and start and end figures', async () => {
    const week = await movers();
    expect(week.window).toBe('7d');
    expect(week.as_of).toBe(at(0));
    expect(week.items.map((item) => [item.fiction.title, item.gain])).toEqual([
      ['Rocket', 500],
      ['Slow burn', 100],
      ['Steady', 50],
    ]);
    expect(week.items[0]).toMatchObject({
      from: 100,
      to: 600,
      from_at: at(7),
      to_at: at(0),
      gain_per_day: 71.4,
    });
    const day = await movers('window=1d');
    expect(day.items).toEqual([]);
    const month = await movers('window=30d&limit=2');
    expect(month.items.map((item) => [item.fiction.title, item.gain])).toEqual([
      ['Rocket', 590],
      ['Slow burn', 300],
    ]);
  });

  it('follows a new snapshot', async () => {
    await put({
      title: 'Latecomer',
      history: [
        [6, 0],
        [-1, 10_000],
      ],
    });
    t.clock.advance(60_000);
    expect((await movers('window=7d&limit=1')).items.map((item) => item.fiction.title)).toEqual([
      'Latecomer',
    ]);
  });
});

describe('movers in a genre and Rising Stars changes', () => {
  it('narrows to a genre and lists the fictions new on and gone from Rising Stars', async () => {
    const fantasy = await put({
      title: 'Fantasy riser',
      tags: ['Fantasy'],
      history: [
        [7, 0],
        [0, 50],
      ],
    });
    const scifi = await put({
      title: 'Space riser',
      tags: ['Sci-fi'],
      history: [
        [7, 0],
        [0, 80],
      ],
    });
    const gone = await put({ title: 'Gone', tags: ['Fantasy'], history: [[0, 5]] });
    expect((await movers('genre=fantasy')).items.map((item) => item.fiction.title)).toEqual([
      'Fantasy riser',
    ]);
    expect((await movers('genre=sci_fi')).genre).toBe('sci_fi');

    const db = t.database.db;
    const capture = (daysBefore: number) =>
      db
        .insertInto('rising_star_captures')
        .values({ captured_at: at(daysBefore), status: 'complete', genres_total: 2 })
        .returning('id')
        .executeTakeFirstOrThrow();
    const before = await capture(1);
    const latest = await capture(0.5);
    await db
      .insertInto('rising_star_entries')
      .values([
        { capture_id: before.id, genre: 'main', position: 7, fiction_id: gone },
        { capture_id: before.id, genre: 'fantasy', position: 3, fiction_id: gone },
        { capture_id: before.id, genre: 'fantasy', position: 1, fiction_id: fantasy },
        { capture_id: latest.id, genre: 'main', position: 12, fiction_id: scifi },
        { capture_id: latest.id, genre: 'fantasy', position: 1, fiction_id: fantasy },
      ])
      .execute();
    t.clock.advance(60_000);
    const all = (await movers()).rising_stars;
    expect(all).toMatchObject({ captured_at: at(0.5), previous_captured_at: at(1) });
    // Which list and at what place: where it is now for a newcomer, where it was for one that left (its
    // best place when it held several).
    expect(all.entered.map((card) => [card.title, card.list, card.position])).toEqual([
      ['Space riser', 'main', 12],
    ]);
    expect(all.left.map((card) => [card.title, card.list, card.position])).toEqual([['Gone', 'fantasy', 3]]);
    const inFantasy = (await movers('genre=fantasy')).rising_stars;
    expect(inFantasy.entered).toEqual([]);
    expect(inFantasy.left.map((card) => [card.title, card.list, card.position])).toEqual([
      ['Gone', 'fantasy', 3],
    ]);
  });
});

describe('bad values', () => {
  it('answers 400 naming the field', async () => {
    for (const [url, error] of [
      ['/api/fictions/search?sort=hot', 'sort must be one of'],
      ['/api/fictions/search?minFollowers=-1', 'minFollowers must not be negative.'],
      ['/api/fictions/search?maxPages=-5', 'maxPages must not be negative.'],
      ['/api/fictions/search?minFollowers=10&maxFollowers=5', 'minFollowers must not be above maxFollowers.'],
      ['/api/fictions/search?minPages=10&maxPages=5', 'minPages must not be above maxPages.'],
      ['/api/fictions/search?minPages=abc', 'minPages must be a number.'],
      ['/api/fictions/search?genres=elves', 'genres has an unknown genre: elves.'],
      ['/api/fictions/search?genres=main', 'genres has an unknown genre: main.'],
      ['/api/fictions/search?status=finished', 'status must be one of'],
      ['/api/fictions/search?type=novel', 'type must be original or fanfiction.'],
      ['/api/fictions/search?updatedWithinDays=0', 'updatedWithinDays must be at least 1.'],
      ['/api/fictions/search?onRisingStars=yes', 'onRisingStars must be true or false.'],
      ['/api/fictions/search?limit=101', 'limit must be at most 100.'],
      ['/api/fictions/search?page=0', 'page must be at least 1.'],
      [`/api/fictions/search?q=${'a'.repeat(201)}`, 'q must be at most 200 characters.'],
      ['/api/fictions/movers?window=2d', 'window must be 1d, 7d or 30d.'],
      ['/api/fictions/movers?genre=elves', 'genre has an unknown genre: elves.'],
      ['/api/fictions/movers?limit=101', 'limit must be at most 100.'],
      ['/api/fictions/movers?limit=0', 'limit must be at least 1.'],
    ] as const) {
      const response = await call<{ success: false; error: string }>(t.app, { method: 'GET', url });
      expect(response.status, url).toBe(400);
      expect(response.body.error, url).toContain(error);
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents both endpoints with their parameters', async () => {
    const response = await call<{
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
    }>(t.app, { method: 'GET', url: '/api/docs/json' });
    const names = (path: string) => response.body.paths[path]?.get?.parameters?.map((p) => p.name) ?? [];
    expect(names('/api/fictions/search')).toEqual(
      expect.arrayContaining([
        'q',
        'tags',
        'genres',
        'status',
        'type',
        'minFollowers',
        'maxPages',
        'sort',
        'page',
      ]),
    );
    expect(names('/api/fictions/movers')).toEqual(['window', 'genre', 'limit']);
  });
});

import type { Fiction, PopularFiction, SiteFiction } from '@rrc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';
import type { ParsedFiction } from '../../royalroad/parsers/fiction.ts';

type FictionPage = { data: { fictions: Fiction[]; pagination: Record<string, number> } };
type Failure = { success: false; error: string };

const DEMONIC_ROCK = 192682;
const DEMONIC_ROCK_TITLE = 'Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]';
const UNREACHABLE = 'Royal Road could not be reached right now. Please try again in a few minutes.';

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() => createTestApp({ ROYALROAD_BASE_URL: fake.url }));
let reader: { token: string };

beforeEach(async () => {
  reader = await registerUser(t.app);
});

let nextRoyalroadId = 1000;

/** Stores a fiction as a scrape would, with only the fields a test cares about; answers its internal id. */
async function seed(fields: {
  title?: string;
  author?: string;
  followers?: number | null;
  score?: number | null;
}): Promise<number> {
  nextRoyalroadId += 1;
  const parsed: ParsedFiction = {
    royalroadId: nextRoyalroadId,
    title: fields.title ?? `Fiction ${nextRoyalroadId}`,
    authorName: fields.author ?? 'Someone',
    authorId: 1,
    imageUrl: null,
    description: null,
    type: 'Original',
    status: 'ONGOING',
    tags: [],
    warnings: [],
    scores: { overall: fields.score ?? null, style: null, story: null, grammar: null, character: null },
    stats: {
      followers: fields.followers ?? null,
      favorites: null,
      ratings: null,
      pages: null,
      totalViews: null,
      averageViews: null,
    },
    chapterCount: null,
    chapters: [],
  };
  const { fictionId } = await t.services.fictions.saveScrapedFiction(parsed, t.clock.now.toISOString());
  return fictionId;
}

const get = <T = FictionPage>(url: string) => call<T>(t.app, { method: 'GET', url });
const titles = (fictions: Array<{ title: string }>) => fictions.map((fiction) => fiction.title);

const countRows = async (table: 'fictions' | 'user_fictions') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const addByUrl = (url: string, token = reader.token) =>
  call<{ data: { title: string } }>(t.app, {
    method: 'POST',
    url: '/api/royalroad/add-fiction',
    token,
    payload: { url },
  });

describe('the list of all fictions', () => {
  it('pages 20 at a time by default, most followed first, with pagination numbers', async () => {
    for (let i = 1; i <= 25; i++) await seed({ title: `Followed by ${i * 10}`, followers: i * 10 });

    const first = await get('/api/fictions');
    expect(first.status).toBe(200);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 20, total: 25, totalPages: 2 });
    expect(first.body.data.fictions).toHaveLength(20);
    expect(first.body.data.fictions[0]?.title).toBe('Followed by 250');

    const second = await get('/api/fictions?page=2');
    expect(second.body.data.pagination).toEqual({ page: 2, limit: 20, total: 25, totalPages: 2 });
    expect(titles(second.body.data.fictions)).toEqual([
      'Followed by 50',
      'Followed by 40',
      'Followed by 30',
      'Followed by 20',
      'Followed by 10',
    ]);

    const small = await get('/api/fictions?page=3&limit=10');
    expect(small.body.data.pagination).toEqual({ page: 3, limit: 10, total: 25, totalPages: 3 });
    expect(small.body.data.fictions).toHaveLength(5);

    const beyond = await get('/api/fictions?page=4&limit=10');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.fictions).toEqual([]);
  });
});

describe('one fiction by its Royal Road id', () => {
  it('answers the fiction with numbers as numbers and tags as a list', async () => {
    expect((await addByUrl(`https://www.royalroad.com/fiction/${DEMONIC_ROCK}`)).status).toBe(201);
    const response = await get<{ success: true; data: Fiction }>(`/api/fictions/${DEMONIC_ROCK}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: expect.any(Number),
      royalroad_id: DEMONIC_ROCK,
      title: DEMONIC_ROCK_TITLE,
      author_name: 'Roobit',
      author_id: 1073541,
      followers: 3303,
      overall_score: 4.52,
      total_views: 216070,
      warnings: ['Graphic Violence'],
      sponsored: false,
    });
    expect(response.body.data.tags).toHaveLength(17);
    expect(response.body.data.tags.every((tag) => typeof tag === 'string')).toBe(true);
  });

  it("says 'Fiction not found' for an id we do not know, without asking Royal Road", async () => {
    const response = await get<Failure>('/api/fictions/424242');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Fiction not found' });
    expect(fake.requests).toEqual([]);
  });

  it('refuses an id that is not a number', async () => {
    const response = await get<Failure>('/api/fictions/reborn-as-a-rock');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'The Royal Road fiction id must be a number.' });
  });
});

describe('rankings', () => {
  it('/top ranks by overall score, ties by followers, and leaves out unrated fictions', async () => {
    await seed({ title: 'Good, few followers', score: 4.5, followers: 100 });
    await seed({ title: 'Best', score: 4.8, followers: 10 });
    await seed({ title: 'Good, many followers', score: 4.5, followers: 300 });
    await seed({ title: 'Unrated', score: null, followers: 9999 });
    await seed({ title: 'Weak', score: 2.1, followers: 5000 });

    const response = await get<{ data: Fiction[] }>('/api/fictions/top');
    expect(response.status).toBe(200);
    expect(titles(response.body.data)).toEqual([
      'Best',
      'Good, many followers',
      'Good, few followers',
      'Weak',
    ]);
    expect(titles((await get<{ data: Fiction[] }>('/api/fictions/top?limit=2')).body.data)).toEqual([
      'Best',
      'Good, many followers',
    ]);
  });

  it('/popular ranks by followers, ties by score', async () => {
    await seed({ title: 'Tied, lower score', followers: 500, score: 3.0 });
    await seed({ title: 'Most followed', followers: 900, score: 1.0 });
    await seed({ title: 'Tied, higher score', followers: 500, score: 4.0 });
    await seed({ title: 'Few', followers: 1, score: 5.0 });

    const response = await get<{ data: Fiction[] }>('/api/fictions/popular');
    expect(response.status).toBe(200);
    expect(titles(response.body.data)).toEqual([
      'Most followed',
      'Tied, higher score',
      'Tied, lower score',
      'Few',
    ]);
  });

  it('/top and /popular give 10 by default', async () => {
    for (let i = 1; i <= 12; i++) await seed({ followers: i, score: i / 3 });
    expect((await get<{ data: Fiction[] }>('/api/fictions/top')).body.data).toHaveLength(10);
    expect((await get<{ data: Fiction[] }>('/api/fictions/popular')).body.data).toHaveLength(10);
    expect((await get<{ data: Fiction[] }>('/api/fictions/popular?limit=3')).body.data).toHaveLength(3);
  });

  it('/popular-by-users counts how many readers list each fiction', async () => {
    const once = await seed({ title: 'Listed once' });
    const thrice = await seed({ title: 'Listed thrice', author: 'Trio' });
    const twice = await seed({ title: 'Listed twice' });
    await seed({ title: 'Listed by nobody' });
    const readers = [reader, await registerUser(t.app), await registerUser(t.app)];
    const list = async (token: string, fictionId: number) =>
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/userFictions',
            token,
            payload: { fiction_id: fictionId },
          })
        ).status,
      ).toBe(201);
    for (const { token } of readers) await list(token, thrice);
    await list(readers[0]?.token as string, twice);
    await list(readers[1]?.token as string, twice);
    await list(readers[2]?.token as string, once);

    const response = await get<{ success: true; data: SiteFiction[] }>('/api/fictions/popular-by-users');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        id: thrice,
        royalroad_id: expect.any(Number),
        title: 'Listed thrice',
        author_name: 'Trio',
        user_count: 3,
      },
      {
        id: twice,
        royalroad_id: expect.any(Number),
        title: 'Listed twice',
        author_name: 'Someone',
        user_count: 2,
      },
      {
        id: once,
        royalroad_id: expect.any(Number),
        title: 'Listed once',
        author_name: 'Someone',
        user_count: 1,
      },
    ]);
    const top = await get<{ data: SiteFiction[] }>('/api/fictions/popular-by-users?limit=1');
    expect(top.body.data.map((fiction) => fiction.id)).toEqual([thrice]);
  });
});

describe('looking a fiction up by link (POST /api/fictions)', () => {
  const lookUp = (payload: object, token: string | null = reader.token) =>
    call<{ data: Fiction }>(t.app, {
      method: 'POST',
      url: '/api/fictions',
      token: token ?? undefined,
      payload,
    });

  it('fetches an unknown fiction once, then answers from what is stored', async () => {
    const first = await lookUp({ url: `https://www.royalroad.com/fiction/${DEMONIC_ROCK}/reborn` });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ royalroad_id: DEMONIC_ROCK, title: DEMONIC_ROCK_TITLE });
    expect(fake.requests.map((request) => request.path)).toEqual([`/fiction/${DEMONIC_ROCK}`]);

    const again = await lookUp({ royalroadId: DEMONIC_ROCK });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(fake.requests).toHaveLength(1);
    // Looking up does not put it in the reader's list.
    expect(await countRows('user_fictions')).toBe(0);
  });

  it('is for signed-in readers only', async () => {
    const response = await lookUp({ url: `https://www.royalroad.com/fiction/${DEMONIC_ROCK}` }, null);
    expect(response.status).toBe(401);
    expect(fake.requests).toEqual([]);
  });
});

describe("Royal Road's popular list", () => {
  it('answers the shape of API.md, with ids that open the fiction', async () => {
    const response = await get<{ success: true; data: PopularFiction[]; message: string }>(
      '/api/royalroad/popular',
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(typeof response.body.message).toBe('string');
    const expected = fake.site.popular('active-popular');
    expect(response.body.data.map((fiction) => fiction.royalroad_id)).toEqual(expected);

    const [first] = response.body.data;
    const source = fake.site.fiction(expected[0] as number);
    expect(first).toEqual({
      id: expect.any(Number),
      royalroad_id: source?.id,
      title: source?.title,
      image: expect.any(String),
      description: expect.any(String),
      status: source?.status,
      tags: source?.tags.map((tag) => tag.label),
      author: { name: null },
      stats: { followers: source?.stats.followers, score: expect.any(Number) },
    });
    expect(first?.stats.score).toBeCloseTo(source?.scores?.overall as number, 1);
    for (const fiction of response.body.data) {
      expect(Object.keys(fiction).sort()).toEqual([
        'author',
        'description',
        'id',
        'image',
        'royalroad_id',
        'stats',
        'status',
        'tags',
        'title',
      ]);
    }
    const stored = await get<{ data: Fiction }>(`/api/fictions/${first?.royalroad_id}`);
    expect(stored.body.data.id).toBe(first?.id);
  });

  it('asks Royal Road once and serves the second call from its cache', async () => {
    const first = await get('/api/royalroad/popular');
    const second = await get('/api/royalroad/popular');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(fake.requests.map((request) => request.path)).toEqual(['/fictions/active-popular']);
  });

  it('says so when Royal Road is down, and tries again on the next call', async () => {
    fake.behave({ path: '/fictions/active-popular', status: 503 });
    const down = await get<Failure>('/api/royalroad/popular');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ success: false, error: UNREACHABLE });
    expect(await countRows('fictions')).toBe(0);

    fake.reset();
    const up = await get<{ data: PopularFiction[] }>('/api/royalroad/popular');
    expect(up.status).toBe(200);
    expect(up.body.data.length).toBeGreaterThan(0);
  });
});

describe('when Royal Road fails while adding a fiction', () => {
  it('answers 503 with a message and stores nothing when Royal Road is unavailable', async () => {
    fake.behave({ path: `/fiction/${DEMONIC_ROCK}`, status: 503 });
    const response = await addByUrl(`https://www.royalroad.com/fiction/${DEMONIC_ROCK}`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ success: false, error: UNREACHABLE });
    expect(await countRows('fictions')).toBe(0);
    expect(await countRows('user_fictions')).toBe(0);
    expect(fake.requests.length).toBeGreaterThan(0);
  });

  it('answers 404 when Royal Road has no such fiction', async () => {
    const response = await addByUrl('https://www.royalroad.com/fiction/999999/gone');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Royal Road has no fiction at that address.' });
    expect(fake.requests.map((request) => request.path)).toEqual(['/fiction/999999']);
    expect(await countRows('fictions')).toBe(0);
    expect(await countRows('user_fictions')).toBe(0);
  });

  it('answers 404 when Royal Road serves its not-found page with status 200', async () => {
    fake.behave({ path: `/fiction/${DEMONIC_ROCK}`, page: 'not-found-200' });
    const response = await addByUrl(`https://www.royalroad.com/fiction/${DEMONIC_ROCK}`);
    expect(response.status).toBe(404);
    expect((response.body as unknown as Failure).error).toEqual(expect.any(String));
    expect(await countRows('fictions')).toBe(0);
  });

  it.each([
    ['a Cloudflare challenge', 'cloudflare' as const],
    ['a page it cannot read', 'garbage' as const],
  ])('answers 503 with a message for %s', async (_case, page) => {
    fake.behave({ path: `/fiction/${DEMONIC_ROCK}`, page });
    const response = await addByUrl(`https://www.royalroad.com/fiction/${DEMONIC_ROCK}`);
    expect(response.status).toBe(503);
    expect((response.body as unknown as Failure).error).toMatch(/Royal Road .*try again/);
    expect(await countRows('fictions')).toBe(0);
    expect(await countRows('user_fictions')).toBe(0);
  });

  it('works again once Royal Road is back', async () => {
    fake.behave({ path: `/fiction/${DEMONIC_ROCK}`, status: 503 });
    expect((await addByUrl(`${DEMONIC_ROCK}`)).status).toBe(503);
    fake.reset();
    const response = await addByUrl(`${DEMONIC_ROCK}`);
    expect(response.status).toBe(201);
    expect(response.body.data.title).toBe(DEMONIC_ROCK_TITLE);
  });
});

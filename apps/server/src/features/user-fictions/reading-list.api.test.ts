import type { FavoriteEntry, UserFiction, UserFictionStats } from '@rrc/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

type Page = { data: { userFictions: UserFiction[]; pagination: Record<string, number> } };
type Failure = { success: false; error: string };
type Added = { fictionId: number; entryId: number };
type Ids = { a: number; b: number; c: number; notFavorite: number; foreignId: number };

const DEMONIC_ROCK = 192682;
const DEMONIC_ROCK_TITLE = 'Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]';
const MINUTE = 60_000;
const REORDER_REFUSED =
  'The new order must list each of your favorites exactly once. Reload the page and try again.';

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() => createTestApp({ ROYALROAD_BASE_URL: fake.url }));
let reader: { token: string };
/** Three more fictions of the fake site, by Royal Road id. */
let others: [number, number, number];

beforeAll(async () => {
  const ids = fake.site
    .fictions()
    .map((fiction) => fiction.id)
    .filter((id) => id !== DEMONIC_ROCK);
  others = [ids[0] as number, ids[1] as number, ids[2] as number];
});
beforeEach(async () => {
  reader = await registerUser(t.app);
});

const addByUrl = (url: unknown, token = reader.token) =>
  call<{ data: { title: string; userFictionId: number; fiction: { id: number; royalroad_id: number } } }>(
    t.app,
    { method: 'POST', url: '/api/royalroad/add-fiction', token, payload: { url } as object },
  );

/** Adds a fiction by its Royal Road id and answers its internal fiction id and the entry's id. */
async function add(royalroadId: number, token = reader.token): Promise<Added> {
  const response = await addByUrl(`https://www.royalroad.com/fiction/${royalroadId}`, token);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { fictionId: response.body.data.fiction.id, entryId: response.body.data.userFictionId };
}

const get = <T = Page>(url: string, token = reader.token) => call<T>(t.app, { method: 'GET', url, token });

async function favorites(query = ''): Promise<FavoriteEntry[]> {
  const response = await get(`/api/userFictions/favorites${query}`);
  expect(response.status).toBe(200);
  return response.body.data.userFictions;
}
const favoriteRoyalroadIds = async () => (await favorites('?limit=1000')).map((e) => e.fiction.royalroad_id);

async function all(): Promise<UserFiction[]> {
  const response = await get<{ data: UserFiction[] }>('/api/userFictions/all');
  expect(response.status).toBe(200);
  return response.body.data;
}

const toggleFavorite = (fictionId: number, token = reader.token) =>
  call<{ data: UserFiction }>(t.app, {
    method: 'POST',
    url: `/api/userFictions/${fictionId}/favorite`,
    token,
  });

const reorder = (fictionIds: unknown) =>
  call(t.app, {
    method: 'POST',
    url: '/api/userFictions/favorites/reorder',
    token: reader.token,
    payload: { fictionIds } as object,
  });

const setStatus = (entryId: number, status: string) =>
  call<{ data: UserFiction }>(t.app, {
    method: 'PUT',
    url: `/api/userFictions/${entryId}`,
    token: reader.token,
    payload: { status },
  });

const setProgress = (entryId: number, payload: Record<string, unknown>) =>
  call<{ data: UserFiction }>(t.app, {
    method: 'PUT',
    url: `/api/userFictions/${entryId}/progress`,
    token: reader.token,
    payload,
  });

const fictionPageRequests = () => fake.requests.filter((request) => request.path.startsWith('/fiction/'));

describe('adding a fiction by its Royal Road link', () => {
  it('fetches an unknown fiction from Royal Road once and answers 201 with its title', async () => {
    const response = await addByUrl(
      'https://www.royalroad.com/fiction/192682/reborn-as-a-demonic-rock-monster-evolution-litrpg',
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      data: {
        title: DEMONIC_ROCK_TITLE,
        userFictionId: expect.any(Number),
        fiction: { royalroad_id: DEMONIC_ROCK, title: DEMONIC_ROCK_TITLE, author_name: 'Roobit' },
      },
    });
    expect(fake.requests.map((request) => request.path)).toEqual([`/fiction/${DEMONIC_ROCK}`]);
  });

  it('puts it in the favorites as plan_to_read, last in the order, and keeps that order for more', async () => {
    await add(DEMONIC_ROCK);
    const [first] = await favorites();
    expect(first).toMatchObject({
      is_favorite: true,
      status: 'plan_to_read',
      favorite_position: 1,
      fiction: { royalroad_id: DEMONIC_ROCK },
    });

    t.clock.advance(MINUTE);
    await add(others[0]);
    t.clock.advance(MINUTE);
    await add(others[1]);
    const list = await favorites();
    expect(list.map((entry) => entry.fiction.royalroad_id)).toEqual([DEMONIC_ROCK, others[0], others[1]]);
    expect(list.map((entry) => entry.favorite_position)).toEqual([1, 2, 3]);
    expect(list.every((entry) => entry.is_favorite && entry.status === 'plan_to_read')).toBe(true);
  });

  it('refuses the same fiction twice with 409 and says why', async () => {
    await add(DEMONIC_ROCK);
    const again = await addByUrl(`https://royalroad.com/fiction/${DEMONIC_ROCK}/another-slug`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: `"${DEMONIC_ROCK_TITLE}" is already in your list.` });
    expect(await favoriteRoyalroadIds()).toEqual([DEMONIC_ROCK]);
    expect(fictionPageRequests()).toHaveLength(1);
  });

  it('adds a fiction the site already knows without asking Royal Road', async () => {
    const someoneElse = await registerUser(t.app);
    await add(DEMONIC_ROCK, someoneElse.token);
    fake.requests.length = 0;

    const response = await addByUrl(`https://www.royalroad.com/fiction/${DEMONIC_ROCK}`);
    expect(response.status).toBe(201);
    expect(response.body.data.title).toBe(DEMONIC_ROCK_TITLE);
    expect(fake.requests).toEqual([]);
    expect(await favoriteRoyalroadIds()).toEqual([DEMONIC_ROCK]);
  });

  it.each([
    'https://www.royalroad.com/fiction/192682/reborn-as-a-demonic-rock',
    'https://royalroad.com/fiction/192682/reborn-as-a-demonic-rock',
    'http://www.royalroad.com/fiction/192682',
    'https://www.royalroad.com/fiction/192682/',
    'https://www.royalroad.com/fiction/192682/reborn-as-a-demonic-rock?utm_source=discord&x=1',
    'https://www.royalroad.com/fiction/192682/reborn-as-a-demonic-rock#chapters',
    'https://WWW.RoyalRoad.com/fiction/192682',
    '  https://www.royalroad.com/fiction/192682  ',
    '192682',
  ])('accepts %j', async (url) => {
    const response = await addByUrl(url);
    expect(response.status).toBe(201);
    expect(response.body.data.fiction.royalroad_id).toBe(DEMONIC_ROCK);
    expect(fake.requests.map((request) => request.path)).toEqual([`/fiction/${DEMONIC_ROCK}`]);
  });
});

describe('the favorites list', () => {
  it('answers the favorites in saved order, page by page, with pagination numbers', async () => {
    await add(DEMONIC_ROCK);
    await add(others[0]);
    await add(others[1]);

    const first = await get('/api/userFictions/favorites?page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.body.data.userFictions.map((e) => e.fiction.royalroad_id)).toEqual([
      DEMONIC_ROCK,
      others[0],
    ]);

    const second = await get('/api/userFictions/favorites?page=2&limit=2');
    expect(second.body.data.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(second.body.data.userFictions.map((e) => e.fiction.royalroad_id)).toEqual([others[1]]);

    const defaults = await get('/api/userFictions/favorites');
    expect(defaults.body.data.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
  });

  it('takes limit up to 1000 so the whole list fits, and refuses 1001', async () => {
    await add(DEMONIC_ROCK);
    const whole = await get('/api/userFictions/favorites?limit=1000');
    expect(whole.status).toBe(200);
    expect(whole.body.data.pagination).toEqual({ page: 1, limit: 1000, total: 1, totalPages: 1 });

    const tooMany = await get<Failure>('/api/userFictions/favorites?limit=1001');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ success: false, error: 'limit must be at most 1000.' });
  });

  it('answers entries shaped as API.md says, with the fiction nested', async () => {
    await add(DEMONIC_ROCK);
    const [entry] = await all();
    expect(entry).toEqual({
      id: expect.any(Number),
      fiction_id: expect.any(Number),
      status: 'plan_to_read',
      is_favorite: true,
      favorite_position: 1,
      current_chapter: 0,
      total_chapters: null,
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
      fiction: expect.objectContaining({
        royalroad_id: DEMONIC_ROCK,
        title: DEMONIC_ROCK_TITLE,
        author_name: 'Roobit',
        author_id: 1073541,
        status: 'ONGOING',
        type: 'Original',
        warnings: ['Graphic Violence'],
        followers: 3303,
        favorites: 565,
        ratings: 273,
        pages: 258,
        total_views: 216070,
        average_views: 8003,
        overall_score: 4.52,
        style_score: 4.8,
        story_score: 4.7,
        grammar_score: 4.9,
        character_score: 4.9,
        sponsored: false,
        last_scraped_at: '2026-11-21T12:00:00.000Z',
        created_at: '2026-11-21T12:00:00.000Z',
      }),
    });
    expect(entry?.fiction_id).toBe(entry?.fiction.id);
    expect(entry?.fiction.tags).toHaveLength(17);
    expect(entry?.fiction.tags.every((tag) => typeof tag === 'string' && tag.length > 0)).toBe(true);
    expect(typeof entry?.fiction.image_url).toBe('string');
    expect(typeof entry?.fiction.description).toBe('string');

    // The favorites carry what their cards show of the same entry.
    const [favorite] = await favorites();
    const { created_at: _created, updated_at: _updated, fiction, ...listed } = entry as UserFiction;
    expect(favorite).toEqual({
      ...listed,
      fiction: {
        id: fiction.id,
        royalroad_id: DEMONIC_ROCK,
        title: DEMONIC_ROCK_TITLE,
        author_name: 'Roobit',
        description: expect.stringMatching(/^[^<>]{1,180}…?$/),
        image_url: fiction.image_url,
        status: 'ONGOING',
        tags: fiction.tags.slice(0, 2),
        followers: 3303,
        overall_score: 4.52,
        chapter_count: fiction.chapter_count,
      },
    });
  });
});

describe('reordering favorites', () => {
  /** Three favorites, one listed non-favorite, and a fiction only another reader has. */
  async function prepare() {
    const a = await add(DEMONIC_ROCK);
    const b = await add(others[0]);
    const c = await add(others[1]);
    const notFavorite = await add(others[2]);
    expect((await toggleFavorite(notFavorite.fictionId)).status).toBe(200);
    const someoneElse = await registerUser(t.app);
    const foreignId = (await add(fake.site.fictions().at(-1)?.id as number, someoneElse.token)).fictionId;
    return { a: a.fictionId, b: b.fictionId, c: c.fictionId, notFavorite: notFavorite.fictionId, foreignId };
  }

  it('saves the new order, which stays after reloading', async () => {
    const { a, b, c } = await prepare();
    const response = await reorder([c, a, b]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { fictionIds: [c, a, b] } });

    const list = await favorites();
    expect(list.map((entry) => entry.fiction_id)).toEqual([c, a, b]);
    expect(list.map((entry) => entry.favorite_position)).toEqual([1, 2, 3]);
  });

  it.each([
    ['a fiction of another reader', (ids: Ids) => [ids.a, ids.b, ids.c, ids.foreignId]],
    ['a fiction nobody knows', (ids: Ids) => [ids.a, ids.b, ids.c, 999_999]],
    ['a favorite missing', (ids: Ids) => [ids.c, ids.a]],
    ['a favorite twice', (ids: Ids) => [ids.c, ids.a, ids.b, ids.a]],
    ['a favorite twice in place of another', (ids: Ids) => [ids.c, ids.a, ids.a]],
    ['a listed fiction that is not a favorite', (ids: Ids) => [ids.c, ids.a, ids.b, ids.notFavorite]],
    ['an empty list', () => []],
  ])('refuses a list with %s and keeps the order', async (_case, build) => {
    const ids = await prepare();
    const before = await favorites();
    const response = await reorder(build(ids));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: REORDER_REFUSED });
    expect(await favorites()).toEqual(before);
    expect(before.map((entry) => entry.fiction_id)).toEqual([ids.a, ids.b, ids.c]);
  });

  it('accepts an empty list from a reader without favorites', async () => {
    const response = await reorder([]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { fictionIds: [] } });
  });
});

describe('the favorite toggle', () => {
  it('unfavoriting drops a fiction from the favorites but keeps it in the whole list', async () => {
    const a = await add(DEMONIC_ROCK);
    const b = await add(others[0]);
    const response = await toggleFavorite(a.fictionId);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: a.entryId,
      fiction_id: a.fictionId,
      is_favorite: false,
      favorite_position: null,
    });
    expect((await favorites()).map((entry) => entry.fiction_id)).toEqual([b.fictionId]);
    const entry = (await all()).find((e) => e.fiction_id === a.fictionId);
    expect(entry).toMatchObject({ id: a.entryId, is_favorite: false, status: 'plan_to_read' });
  });

  it('favoriting it again puts it last in the favorites', async () => {
    const a = await add(DEMONIC_ROCK);
    const b = await add(others[0]);
    await toggleFavorite(a.fictionId);
    const again = await toggleFavorite(a.fictionId);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: a.entryId, is_favorite: true });
    expect((await favorites()).map((entry) => entry.fiction_id)).toEqual([b.fictionId, a.fictionId]);
  });

  it('favoriting a fiction that is not yet listed adds it as a favorite to read', async () => {
    const someoneElse = await registerUser(t.app);
    const { fictionId } = await add(DEMONIC_ROCK, someoneElse.token);
    await add(others[0]);

    const response = await toggleFavorite(fictionId);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      fiction_id: fictionId,
      is_favorite: true,
      status: 'plan_to_read',
      fiction: { royalroad_id: DEMONIC_ROCK },
    });
    expect(await favoriteRoyalroadIds()).toEqual([others[0], DEMONIC_ROCK]);
    expect((await all()).map((entry) => entry.fiction_id)).toContain(fictionId);
  });

  it('answers 404 for a fiction id nobody knows', async () => {
    const response = await toggleFavorite(999_999);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'No fiction has that id.' });
    expect(await all()).toEqual([]);
  });
});

describe('removing a fiction from the list', () => {
  const remove = (fictionId: number) =>
    call(t.app, { method: 'DELETE', url: `/api/userFictions/${fictionId}`, token: reader.token });

  it('refuses to remove a favorite, which stays', async () => {
    const a = await add(DEMONIC_ROCK);
    const response = await remove(a.fictionId);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: 'Cannot remove favorite fictions. Please remove from favorites first.',
    });
    expect((await all()).map((entry) => entry.id)).toEqual([a.entryId]);
    expect((await favorites()).map((entry) => entry.id)).toEqual([a.entryId]);
  });

  it('removes a fiction that is not a favorite', async () => {
    const a = await add(DEMONIC_ROCK);
    const b = await add(others[0]);
    await toggleFavorite(b.fictionId);
    const response = await remove(b.fictionId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { removed: true } });
    expect((await all()).map((entry) => entry.id)).toEqual([a.entryId]);

    const again = await remove(b.fictionId);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, error: 'That fiction is not in your list.' });
  });
});

describe('the whole list', () => {
  it('shows favorites first, then the newest additions first', async () => {
    const added: Added[] = [];
    for (const royalroadId of [DEMONIC_ROCK, ...others]) {
      added.push(await add(royalroadId));
      t.clock.advance(MINUTE);
    }
    const [oldest, second, third, newest] = added as [Added, Added, Added, Added];
    // The oldest and the third stop being favorites.
    await toggleFavorite(oldest.fictionId);
    await toggleFavorite(third.fictionId);

    const list = await all();
    expect(list.map((entry) => entry.id)).toEqual([
      newest.entryId,
      second.entryId,
      third.entryId,
      oldest.entryId,
    ]);
    expect(list.map((entry) => entry.is_favorite)).toEqual([true, true, false, false]);
  });

  it('GET /api/userFictions pages the list newest first', async () => {
    const a = await add(DEMONIC_ROCK);
    t.clock.advance(MINUTE);
    const b = await add(others[0]);
    const response = await get('/api/userFictions?page=1&limit=1');
    expect(response.status).toBe(200);
    expect(response.body.data.userFictions.map((entry) => entry.id)).toEqual([b.entryId]);
    expect(response.body.data.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    const next = await get('/api/userFictions?page=2&limit=1');
    expect(next.body.data.userFictions.map((entry) => entry.id)).toEqual([a.entryId]);
  });
});

describe('list statistics', () => {
  const stats = async () => (await get<{ data: UserFictionStats }>('/api/userFictions/stats')).body.data;

  it('counts every reading status and the favorites', async () => {
    expect(await stats()).toEqual({
      total: 0,
      reading: 0,
      completed: 0,
      on_hold: 0,
      dropped: 0,
      plan_to_read: 0,
      favorites: 0,
    });
    const a = await add(DEMONIC_ROCK);
    const b = await add(others[0]);
    const c = await add(others[1]);
    await add(others[2]);
    await setStatus(a.entryId, 'reading');
    await setStatus(b.entryId, 'completed');
    await setStatus(c.entryId, 'dropped');
    await toggleFavorite(c.fictionId);

    expect(await stats()).toEqual({
      total: 4,
      reading: 1,
      completed: 1,
      on_hold: 0,
      dropped: 1,
      plan_to_read: 1,
      favorites: 3,
    });
  });
});

describe('reading status', () => {
  it('changes the status of an entry and filters the list by it', async () => {
    const a = await add(DEMONIC_ROCK);
    const b = await add(others[0]);
    t.clock.advance(MINUTE);

    const response = await setStatus(a.entryId, 'on_hold');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: a.entryId,
      status: 'on_hold',
      is_favorite: true,
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:01:00.000Z',
      fiction: { royalroad_id: DEMONIC_ROCK },
    });

    const onHold = await get('/api/userFictions/status/on_hold');
    expect(onHold.status).toBe(200);
    expect(onHold.body.data.userFictions.map((entry) => entry.id)).toEqual([a.entryId]);
    expect(onHold.body.data.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });

    const planned = await get('/api/userFictions/status/plan_to_read');
    expect(planned.body.data.userFictions.map((entry) => entry.id)).toEqual([b.entryId]);

    const reading = await get('/api/userFictions/status/reading');
    expect(reading.body.data).toEqual({
      userFictions: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    });
  });

  it('adds a known fiction by id with a chosen status', async () => {
    const someoneElse = await registerUser(t.app);
    const { fictionId } = await add(DEMONIC_ROCK, someoneElse.token);
    const response = await call<{ data: UserFiction }>(t.app, {
      method: 'POST',
      url: '/api/userFictions',
      token: reader.token,
      payload: { fiction_id: fictionId, status: 'reading' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ fiction_id: fictionId, status: 'reading', is_favorite: true });

    const twice = await call(t.app, {
      method: 'POST',
      url: '/api/userFictions',
      token: reader.token,
      payload: { fiction_id: fictionId },
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ success: false, error: 'This fiction is already in your list.' });
  });
});

describe('reading progress', () => {
  it('stores the current and the total chapter', async () => {
    const { entryId } = await add(DEMONIC_ROCK);
    const response = await setProgress(entryId, { currentChapter: 5, totalChapters: 27 });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: entryId, current_chapter: 5, total_chapters: 27 });
    expect((await all())[0]).toMatchObject({ current_chapter: 5, total_chapters: 27 });

    const finished = await setProgress(entryId, { currentChapter: 27, totalChapters: 27 });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ current_chapter: 27, total_chapters: 27 });
  });

  it.each([
    [{ currentChapter: 28, totalChapters: 27 }, 'The current chapter cannot be past the last chapter.'],
    [{ currentChapter: -1, totalChapters: 27 }, 'currentChapter must be at least 0.'],
    [{ currentChapter: 3, totalChapters: -2 }, 'totalChapters must be at least 0.'],
    [{ currentChapter: 2.5, totalChapters: 27 }, 'currentChapter must be a whole number.'],
    [{ currentChapter: '3', totalChapters: '27' }, 'currentChapter must be a number.'],
    [{ currentChapter: 3 }, 'totalChapters must be a number.'],
  ])('refuses %j and changes nothing', async (payload, message) => {
    const { entryId } = await add(DEMONIC_ROCK);
    await setProgress(entryId, { currentChapter: 5, totalChapters: 27 });
    const before = await all();

    const response = await setProgress(entryId, payload);
    expect(response.status).toBe(400);
    expect((response.body as unknown as Failure).success).toBe(false);
    expect((response.body as unknown as Failure).error).toContain(message);
    expect(await all()).toEqual(before);
  });
});

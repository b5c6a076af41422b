import { MESSAGES, type UserFiction, type UserFictionStats } from '@rrc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

type Entry = { fictionId: number; entryId: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const NOT_IN_LIST = { success: false, error: 'That fiction is not in your list.' };

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() => createTestApp({ ROYALROAD_BASE_URL: fake.url }));
let owner: { token: string };
let intruder: { token: string };
/** The owner's list: a favorite, and a non-favorite being read with progress. */
let favorite: Entry;
let reading: Entry;

beforeEach(async () => {
  owner = await registerUser(t.app);
  intruder = await registerUser(t.app);
  const [first, second] = fake.site.fictions();
  favorite = await add(first?.id as number, owner.token);
  reading = await add(second?.id as number, owner.token);
  await send('POST', `/api/userFictions/${reading.fictionId}/favorite`, owner.token);
  await send('PUT', `/api/userFictions/${reading.entryId}`, owner.token, { status: 'reading' });
  await send('PUT', `/api/userFictions/${reading.entryId}/progress`, owner.token, {
    currentChapter: 3,
    totalChapters: 10,
  });
  fake.requests.length = 0;
});

function send<T = Record<string, unknown>>(method: Method, url: string, token?: string, payload?: object) {
  return call<T>(t.app, { method, url, token, payload });
}

async function add(royalroadId: number, token: string): Promise<Entry> {
  const response = await send<{ data: { fiction: { id: number }; userFictionId: number } }>(
    'POST',
    '/api/royalroad/add-fiction',
    token,
    { url: `https://www.royalroad.com/fiction/${royalroadId}` },
  );
  expect(response.status).toBe(201);
  return { fictionId: response.body.data.fiction.id, entryId: response.body.data.userFictionId };
}

/** Everything the owner can see of their list. */
async function ownersView() {
  const [list, favorites, stats] = await Promise.all([
    send<{ data: UserFiction[] }>('GET', '/api/userFictions/all', owner.token),
    send<{ data: { userFictions: UserFiction[] } }>('GET', '/api/userFictions/favorites', owner.token),
    send<{ data: UserFictionStats }>('GET', '/api/userFictions/stats', owner.token),
  ]);
  return { list: list.body.data, favorites: favorites.body.data.userFictions, stats: stats.body.data };
}

describe("another reader and the owner's list", () => {
  it('sees none of the owner’s entries', async () => {
    const before = await ownersView();
    expect(before.list).toHaveLength(2);

    const list = await send<{ data: UserFiction[] }>('GET', '/api/userFictions/all', intruder.token);
    expect(list.body).toEqual({ success: true, data: [] });
    for (const url of [
      '/api/userFictions',
      '/api/userFictions/favorites',
      '/api/userFictions/status/reading',
      '/api/userFictions/status/plan_to_read',
    ]) {
      const page = await send<{ data: { userFictions: unknown[]; pagination: { total: number } } }>(
        'GET',
        url,
        intruder.token,
      );
      expect(page.status, url).toBe(200);
      expect(page.body.data.userFictions, url).toEqual([]);
      expect(page.body.data.pagination.total, url).toBe(0);
    }
    const stats = await send<{ data: UserFictionStats }>('GET', '/api/userFictions/stats', intruder.token);
    expect(stats.body.data).toMatchObject({ total: 0, reading: 0, favorites: 0 });
  });

  it.each([
    ['change the status', 'PUT', () => `/api/userFictions/${reading.entryId}`, { status: 'dropped' }],
    [
      'change the status of a favorite',
      'PUT',
      () => `/api/userFictions/${favorite.entryId}`,
      { status: 'completed' },
    ],
    [
      'record progress',
      'PUT',
      () => `/api/userFictions/${reading.entryId}/progress`,
      { currentChapter: 9, totalChapters: 10 },
    ],
    ['remove an entry', 'DELETE', () => `/api/userFictions/${reading.fictionId}`, undefined],
    ['remove a favorite', 'DELETE', () => `/api/userFictions/${favorite.fictionId}`, undefined],
  ] as const)('cannot %s: 404, and the owner’s list is unchanged', async (_case, method, url, payload) => {
    const before = await ownersView();
    const response = await send(method, url(), intruder.token, payload);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_IN_LIST);
    expect(await ownersView()).toEqual(before);
  });

  it('cannot reorder the owner’s favorites', async () => {
    const before = await ownersView();
    const response = await send('POST', '/api/userFictions/favorites/reorder', intruder.token, {
      fictionIds: [favorite.fictionId],
    });
    expect(response.status).toBe(400);
    expect(await ownersView()).toEqual(before);
  });

  it('toggling a favorite makes the intruder’s own entry and never touches the owner’s', async () => {
    const before = await ownersView();

    // The owner's favorite: the intruder gets their own favorite entry.
    const first = await send<{ data: UserFiction }>(
      'POST',
      `/api/userFictions/${favorite.fictionId}/favorite`,
      intruder.token,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ fiction_id: favorite.fictionId, is_favorite: true });
    expect(first.body.data.id).not.toBe(favorite.entryId);
    expect(await ownersView()).toEqual(before);

    // The owner's non-favorite: the intruder's favorite, the owner's stays as it was.
    const second = await send<{ data: UserFiction }>(
      'POST',
      `/api/userFictions/${reading.fictionId}/favorite`,
      intruder.token,
    );
    expect(second.body.data).toMatchObject({ fiction_id: reading.fictionId, is_favorite: true });
    expect(second.body.data.id).not.toBe(reading.entryId);
    // And back: only the intruder's entry flips.
    const third = await send<{ data: UserFiction }>(
      'POST',
      `/api/userFictions/${favorite.fictionId}/favorite`,
      intruder.token,
    );
    expect(third.body.data).toMatchObject({ id: first.body.data.id, is_favorite: false });
    expect(await ownersView()).toEqual(before);

    // The intruder can now remove their own entry; the owner keeps theirs.
    const removed = await send('DELETE', `/api/userFictions/${favorite.fictionId}`, intruder.token);
    expect(removed.status).toBe(200);
    expect(await ownersView()).toEqual(before);

    const intruders = await send<{ data: UserFiction[] }>('GET', '/api/userFictions/all', intruder.token);
    expect(intruders.body.data.map((entry) => entry.id)).toEqual([second.body.data.id]);
  });

  it('adding the same fiction gives the intruder an own entry', async () => {
    const before = await ownersView();
    const [first] = fake.site.fictions();
    const mine = await add(first?.id as number, intruder.token);
    expect(mine.fictionId).toBe(favorite.fictionId);
    expect(mine.entryId).not.toBe(favorite.entryId);
    const added = await send('POST', '/api/userFictions', intruder.token, { fiction_id: reading.fictionId });
    expect(added.status).toBe(201);
    expect(await ownersView()).toEqual(before);
    expect(fake.requests).toEqual([]);
  });
});

describe('visitors', () => {
  const routes: Array<[Method, string, object?]> = [
    ['GET', '/api/userFictions'],
    ['GET', '/api/userFictions/status/reading'],
    ['GET', '/api/userFictions/favorites'],
    ['GET', '/api/userFictions/all'],
    ['GET', '/api/userFictions/stats'],
    ['POST', '/api/userFictions', { fiction_id: 1, status: 'reading' }],
    ['PUT', '/api/userFictions/1', { status: 'reading' }],
    ['PUT', '/api/userFictions/1/progress', { currentChapter: 1, totalChapters: 2 }],
    ['DELETE', '/api/userFictions/1'],
    ['POST', '/api/userFictions/1/favorite'],
    ['POST', '/api/userFictions/favorites/reorder', { fictionIds: [1] }],
    ['POST', '/api/royalroad/add-fiction', { url: 'https://www.royalroad.com/fiction/192682' }],
    ['POST', '/api/fictions', { url: 'https://www.royalroad.com/fiction/192682' }],
  ];

  it.each(routes)('get 401 for %s %s, and nothing changes', async (method, url, payload) => {
    const before = await ownersView();
    const response = await send(method, url, undefined, payload);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, error: MESSAGES.signInRequired });

    const stale = await send(method, url, 'not-a-real-token', payload);
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ success: false, error: MESSAGES.sessionExpired });

    expect(await ownersView()).toEqual(before);
    expect(fake.requests).toEqual([]);
  });
});

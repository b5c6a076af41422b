import { gunzipSync } from 'node:zlib';
import { FAVORITE_DESCRIPTION_CHARACTERS, type FavoriteEntry, type Fiction } from '@rrc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

/**
 * The favorites answer is kept as sent until the list or one of its fictions changes. The test clock
 * stands still, so every write below happens "in the same millisecond": only the list's version can tell.
 */
type Entry = { fictionId: number; entryId: number };
type Favorites = { data: { userFictions: FavoriteEntry[] } };

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() => createTestApp({ ROYALROAD_BASE_URL: fake.url }));
let reader: { token: string };
let entries: Entry[];

beforeEach(async () => {
  reader = await registerUser(t.app);
  entries = [];
  for (const fiction of fake.site.fictions().slice(0, 3)) entries.push(await add(fiction.id, reader.token));
});

async function add(royalroadId: number, token: string): Promise<Entry> {
  const response = await call<{ data: { fiction: { id: number }; userFictionId: number } }>(t.app, {
    method: 'POST',
    url: '/api/royalroad/add-fiction',
    token,
    payload: { url: `https://www.royalroad.com/fiction/${royalroadId}` },
  });
  expect(response.status).toBe(201);
  return { fictionId: response.body.data.fiction.id, entryId: response.body.data.userFictionId };
}

async function favorites(token = reader.token): Promise<FavoriteEntry[]> {
  const response = await call<Favorites>(t.app, {
    method: 'GET',
    url: '/api/userFictions/favorites?limit=1000',
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data.userFictions;
}

async function write(method: 'PUT' | 'POST', url: string, payload?: object) {
  const response = await call(t.app, { method, url, token: reader.token, payload });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
}

const [first, second, third] = [0, 1, 2];
const entry = (index: number) => entries[index] as Entry;

describe('the favorites answer', () => {
  it('shows every change at once, even within one millisecond', async () => {
    await favorites();

    await write('PUT', `/api/userFictions/${entry(first).entryId}`, { status: 'reading' });
    expect((await favorites())[0]?.status).toBe('reading');

    await write('PUT', `/api/userFictions/${entry(first).entryId}/progress`, {
      currentChapter: 7,
      totalChapters: 20,
    });
    expect((await favorites())[0]).toMatchObject({ current_chapter: 7, total_chapters: 20 });

    const reversed = [...entries].reverse().map((e) => e.fictionId);
    await write('POST', '/api/userFictions/favorites/reorder', { fictionIds: reversed });
    expect((await favorites()).map((e) => e.fiction_id)).toEqual(reversed);

    await write('POST', `/api/userFictions/${entry(second).fictionId}/favorite`);
    expect((await favorites()).map((e) => e.fiction_id)).toEqual([
      entry(third).fictionId,
      entry(first).fictionId,
    ]);
  });

  it('shows a change to one of its fictions (a refresh, a sponsorship)', async () => {
    await favorites();
    // A change made outside any request (as a worker's scrape makes it) reaches a PostgreSQL instance with the
    // database's notice: the reader's next answer after it shows the change.
    const told = t.app.changes.shared
      ? new Promise<void>((resolve) => {
          const stop = t.app.changes.subscribe('fictions', () => {
            stop();
            resolve();
          });
        })
      : Promise.resolve();
    await t.database.db
      .updateTable('fictions')
      .set({ title: 'A new title', updated_at: '2026-11-21T12:00:05.000Z' })
      .where('id', '=', entry(first).fictionId)
      .execute();
    await told;
    expect((await favorites())[0]?.fiction.title).toBe('A new title');
  });

  it('is revalidated with its ETag: 304 while unchanged, the new answer after a change', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/userFictions/favorites?limit=1000',
      token: reader.token,
    });
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/userFictions/favorites?limit=1000',
      headers: { authorization: `Bearer ${reader.token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await write('PUT', `/api/userFictions/${entry(first).entryId}`, { status: 'dropped' });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/userFictions/favorites?limit=1000',
      headers: { authorization: `Bearer ${reader.token}`, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is sent compressed to a browser that accepts it', async () => {
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/userFictions/favorites?limit=1000',
      headers: { authorization: `Bearer ${reader.token}` },
    });
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/api/userFictions/favorites?limit=1000',
      headers: { authorization: `Bearer ${reader.token}`, 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('carries what the cards show: the description as plain text cut to two lines, two tags', async () => {
    const shown = await favorites();
    expect(shown).toHaveLength(3);
    let cut = 0;
    for (const favorite of shown) {
      expect(Object.keys(favorite).sort()).toEqual(
        [
          'current_chapter',
          'favorite_position',
          'fiction',
          'fiction_id',
          'id',
          'is_favorite',
          'status',
          'total_chapters',
        ].sort(),
      );
      const full = await call<{ data: Fiction }>(t.app, {
        method: 'GET',
        url: `/api/fictions/${favorite.fiction.royalroad_id}`,
      });
      const { description, tags } = full.body.data;
      expect(favorite.fiction.tags).toEqual(tags.slice(0, 2));
      const text = (description ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      const preview = favorite.fiction.description ?? '';
      expect(preview).not.toMatch(/[<>]/);
      expect(preview.length).toBeLessThanOrEqual(FAVORITE_DESCRIPTION_CHARACTERS + 1);
      if (preview.endsWith('…')) {
        cut++;
        expect(text.length).toBeGreaterThan(FAVORITE_DESCRIPTION_CHARACTERS);
        expect(text.startsWith(preview.slice(0, -1))).toBe(true);
      } else {
        expect(preview).toBe(text);
      }
    }
    // The fake site's descriptions are long: the answer is cut, not merely passed through.
    expect(cut).toBeGreaterThan(0);
  });

  it("is each reader's own", async () => {
    const other = await registerUser(t.app);
    await favorites();
    expect(await favorites(other.token)).toEqual([]);
    const [fiction] = fake.site.fictions().slice(3, 4);
    await add(fiction?.id as number, other.token);
    expect((await favorites(other.token)).map((e) => e.fiction.royalroad_id)).toEqual([fiction?.id]);
    expect(await favorites()).toHaveLength(3);
  });
});

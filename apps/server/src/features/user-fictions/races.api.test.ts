import { describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() => createTestApp({ ROYALROAD_BASE_URL: fake.url }));

describe('requests that arrive together', () => {
  it('three readers adding the same new fiction at once all succeed, and it is stored once', async () => {
    const readers = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    const responses = await Promise.all(
      readers.map((reader) =>
        call(t.app, {
          method: 'POST',
          url: '/api/royalroad/add-fiction',
          token: reader.token,
          payload: { url: 'https://www.royalroad.com/fiction/192682' },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    const rows = await t.database.db
      .selectFrom('fictions')
      .select('id')
      .where('royalroad_id', '=', 192682)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a double click on "Add to Favorites" for a fiction not yet listed never fails', async () => {
    const reader = await registerUser(t.app);
    const added = await call<{ data: { id: number } }>(t.app, {
      method: 'POST',
      url: '/api/fictions',
      token: reader.token,
      payload: { url: 'https://www.royalroad.com/fiction/192682' },
    });
    const fictionId = added.body.data.id;
    const clicks = await Promise.all(
      [1, 2].map(() =>
        call(t.app, { method: 'POST', url: `/api/userFictions/${fictionId}/favorite`, token: reader.token }),
      ),
    );
    expect(clicks.every((response) => response.status === 200)).toBe(true);
    const entries = await t.database.db
      .selectFrom('user_fictions')
      .select('id')
      .where('fiction_id', '=', fictionId)
      .execute();
    expect(entries).toHaveLength(1);
  });
});

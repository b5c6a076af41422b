import { describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../test/test-app.ts';

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() =>
  createTestApp({ ROYALROAD_BASE_URL: fake.url, ADMIN_EMAILS: 'boss@example.com' }, { genres: ['main'] }),
);

async function capture() {
  const id = await t.services.runner.enqueue('rising-stars', { trigger: 'manual' });
  await t.services.runner.waitFor(id as number, 10_000);
}

describe('public read endpoints', () => {
  it('send Cache-Control and an ETag, and answer 304 when it still matches', async () => {
    await capture();
    const first = await t.app.inject({ method: 'GET', url: '/api/rising-stars/top' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=60/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/rising-stars/top',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('are fresh after every new capture', async () => {
    await capture();
    const main = fake.site.risingStars('main') ?? [];
    const before = await call<{ data: { captured_at: string; entries: Array<{ royalroad_id: number }> } }>(
      t.app,
      {
        method: 'GET',
        url: '/api/rising-stars/top?limit=1',
      },
    );
    expect(before.body.data.entries[0]?.royalroad_id).toBe(main[0]);

    fake.site.setRisingStars('main', [main[1] as number, main[0] as number, ...main.slice(2)]);
    t.clock.advance(6 * 3_600_000);
    await capture();
    // The version check looks at the database at most every 2 seconds.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const after = await call<{ data: { captured_at: string; entries: Array<{ royalroad_id: number }> } }>(
      t.app,
      {
        method: 'GET',
        url: '/api/rising-stars/top?limit=1',
      },
    );
    expect(after.body.data.captured_at).not.toBe(before.body.data.captured_at);
    expect(after.body.data.entries[0]?.royalroad_id).toBe(main[1]);
  });

  it('never cache private answers', async () => {
    const { token } = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it('reuses an answer for two seconds, and forgets it when this process changes something', async () => {
    const at = t.clock.now.toISOString();
    await t.database.db
      .insertInto('fictions')
      .values({
        royalroad_id: 4242,
        title: 'First Title',
        tags: '[]',
        warnings: '[]',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const title = async () =>
      (await call<{ data: { title: string } }>(t.app, { method: 'GET', url: '/api/fictions/4242' })).body.data
        .title;
    const rename = (to: string) =>
      t.database.db.updateTable('fictions').set({ title: to }).where('royalroad_id', '=', 4242).execute();

    expect(await title()).toBe('First Title');
    // Another process (a scrape in the worker) changes the row: this one answers as before for two seconds.
    await rename('Second Title');
    expect(await title()).toBe('First Title');
    t.clock.advance(2_001);
    expect(await title()).toBe('Second Title');
    // A change through this process empties the reused answers at once.
    await rename('Third Title');
    await registerUser(t.app);
    expect(await title()).toBe('Third Title');
  });
});

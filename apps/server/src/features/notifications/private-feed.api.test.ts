import type { NotificationSettings } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/test-app.ts';
import { alertsTestbed, READER_EMAIL, withAt, without } from './alerts.test-helpers.ts';

// The private feed is one reader's: no shared cache may keep it, it does not say whose it is, and a new
// address ends the old one at once.

const bed = alertsTestbed();
const { t, state, capture, scrape } = bed;

async function feedPath() {
  const settings = await call<{ data: NotificationSettings }>(t.app, {
    method: 'GET',
    url: '/api/notification-settings',
    token: state.reader.token,
  });
  return new URL(settings.body.data.feed_url).pathname;
}

const ids = (xml: string) => [...xml.matchAll(/<id>([^<]*)<\/id>/g)].map((match) => match[1] as string);

describe("a reader's private feed", () => {
  it('is kept by the reader alone for a minute, and still answers 304 to a copy that is good', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_entered']);
    await capture(withAt(state.main, state.watched, 5));
    const path = await feedPath();

    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toBe('private, max-age=60');
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    const byTag = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': String(feed.headers.etag) },
    });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.headers['cache-control']).toBe('private, max-age=60');
    const byDate = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-modified-since': String(feed.headers['last-modified']) },
    });
    expect(byDate.statusCode).toBe(304);

    // The fiction's own feed is public as before.
    const fiction = await t.app.inject({ method: 'GET', url: `/feeds/fictions/${state.watched}.atom` });
    expect(fiction.headers['cache-control']).toMatch(/^public, max-age=300\b/);
  });

  it('names itself and its entries without the reader’s id or token, the same while its address stays', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_entered']);
    await capture(withAt(state.main, state.watched, 5));
    const reader = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', READER_EMAIL)
      .executeTakeFirstOrThrow();
    const path = await feedPath();
    const token = path.slice('/feeds/me/'.length, -'.atom'.length);

    const first = (await t.app.inject({ method: 'GET', url: path })).body;
    const [feedId, ...entryIds] = ids(first);
    expect(entryIds).toHaveLength(1);
    expect(feedId).toMatch(/^tag:rrc\.example,2026:feed-[A-Za-z0-9_-]{22}$/);
    expect(feedId).not.toContain(token);
    // The address as it was named before: the reader's id after /feeds/me/ (a token may start with its digits).
    expect(first).not.toMatch(new RegExp(`/feeds/me/${reader.id}(?![A-Za-z0-9_-])`));
    const told = await t.database.db
      .selectFrom('notifications')
      .select('event_id')
      .where('user_id', '=', reader.id)
      .execute();
    expect(entryIds).toEqual(told.map((row) => `tag:rrc.example,2026:event-${row.event_id}`));
    expect(ids((await t.app.inject({ method: 'GET', url: path })).body)[0]).toBe(feedId);

    await call(t.app, {
      method: 'POST',
      url: '/api/notification-settings/feed-token',
      token: state.reader.token,
    });
    const renewed = (await t.app.inject({ method: 'GET', url: await feedPath() })).body;
    expect(ids(renewed)[0]).not.toBe(feedId);
    expect(ids(renewed).slice(1)).toEqual(entryIds);
  });

  it('is made again whenever what it shows changes: a fiction renamed, an alert let go, a new alert', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_entered', 'rs_left']);
    await capture(withAt(state.main, state.watched, 5));
    const path = await feedPath();
    const read = async () => (await t.app.inject({ method: 'GET', url: path })).body;
    const first = await read();
    expect(ids(first)).toHaveLength(2);
    expect(await read()).toBe(first);

    const fiction = await t.database.db
      .selectFrom('fictions')
      .select(['id', 'title', 'updated_at'])
      .where('royalroad_id', '=', state.watched)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('fictions')
      .set({
        title: 'A Title Given Since',
        updated_at: new Date(Date.parse(fiction.updated_at) + 1000).toISOString(),
      })
      .where('id', '=', fiction.id)
      .execute();
    const renamed = await read();
    expect(renamed).toContain('A Title Given Since');
    expect(renamed).not.toContain(`>${fiction.title}`);

    await t.database.db.deleteFrom('notifications').execute();
    expect(ids(await read())).toHaveLength(1);

    await capture(without(state.main, state.watched));
    const told = ids(await read());
    expect(told).toHaveLength(2);
  });

  it('answers 404 at its old address right after a new one is made, in every process', async () => {
    const path = await feedPath();
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const renewed = await call<{ data: { feed_url: string } }>(t.app, {
      method: 'POST',
      url: '/api/notification-settings/feed-token',
      token: state.reader.token,
    });
    const old = await t.app.inject({ method: 'GET', url: path });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ success: false });
    const next = await t.app.inject({ method: 'GET', url: new URL(renewed.body.data.feed_url).pathname });
    expect(next.statusCode).toBe(200);

    // Another process serving the same database renews it: this one never answers from what it kept.
    const again = new URL(renewed.body.data.feed_url).pathname;
    expect((await t.app.inject({ method: 'GET', url: again })).statusCode).toBe(200);
    await t.database.db
      .updateTable('notification_settings')
      .set({ feed_token: 'renewed-elsewhere-0123456789abcdef' })
      .where('feed_token', '=', again.slice('/feeds/me/'.length, -'.atom'.length))
      .execute();
    expect((await t.app.inject({ method: 'GET', url: again })).statusCode).toBe(404);
  });
});

import type { NotificationSettings, Watch } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { messagesTo, nthMessageTo } from '../../../test/mail.ts';
import { call, createTestApp, registerUser, testDialect } from '../../../test/test-app.ts';
import { alertsTestbed, expectSignedBy, HOUR, READER_EMAIL, withAt, without } from './alerts.test-helpers.ts';

const bed = alertsTestbed();
const { fake, mail, jsonHook, discordHook, t, state, capture, scrape, notifications, addWebhook } = bed;
const ALERT_MAIL = { to: READER_EMAIL, subject: 'Rising Stars' };

describe('a watched fiction enters the main list', () => {
  it('is told once in the app, by email, by both webhooks and in the feed; storing again adds nothing', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    const watch = await bed.watch(['rs_entered', 'rs_left'], { app: true, email: true, webhooks: true });
    expect(watch.body).toMatchObject({ data: { royalroad_id: state.watched, default: false } });
    const json = await addWebhook(jsonHook.url, 'json');
    await addWebhook(discordHook.url, 'discord');

    await capture(withAt(state.main, state.watched, 5));

    const seen = await notifications();
    expect(seen.unread).toBe(1);
    expect(seen.notifications).toHaveLength(1);
    expect(seen.notifications[0]).toMatchObject({
      kind: 'rs_entered',
      read: false,
      fiction: { royalroad_id: state.watched },
    });
    expect(seen.notifications[0]?.text).toContain('entered the main Rising Stars list at #5');

    const sent = await t.core.alerts.delivery.deliverDue();
    expect(sent).toEqual({ sent: 3, failed: 0 });
    const message = await nthMessageTo(mail, ALERT_MAIL);
    expect(message.subject).toContain('is on the main Rising Stars list');
    expect(message.links).toContain(`https://rrc.example/fiction/${state.watched}`);
    expect(message.html).toContain(`https://rrc.example/fiction/${state.watched}`);
    expect(message.headers['list-unsubscribe']).toMatch(/^<https:\/\/rrc\.example\/api\/unsubscribe\?token=/);
    expect(message.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    expect(jsonHook.calls).toHaveLength(1);
    const call1 = jsonHook.calls[0];
    expectSignedBy(call1?.headers['rrc-signature'], json.secret, String(call1?.body));
    expect(call1?.headers['rrc-event-id']).toBe(`ntf_${seen.notifications[0]?.id}`);
    expect(call1?.json).toMatchObject({
      type: 'rs_entered',
      fiction: { royalroad_id: state.watched },
      data: { genre: 'main', position: 5 },
    });
    expect(discordHook.calls).toHaveLength(1);
    expect(discordHook.calls[0]?.json).toMatchObject({
      content: expect.stringContaining('entered the main Rising Stars list'),
      embeds: [{ url: `https://rrc.example/fiction/${state.watched}`, fields: expect.any(Array) }],
    });

    const feed = await t.app.inject({ method: 'GET', url: `/feeds/fictions/${state.watched}.atom` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    expect(feed.body.match(/<entry>/g)).toHaveLength(1);
    expect(feed.headers['last-modified']).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: `/feeds/fictions/${state.watched}.atom`,
      headers: { 'if-none-match': String(feed.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // The same list stored again, and the same capture's comparison run again: nothing new.
    await capture(withAt(state.main, state.watched, 5));
    const captures = await t.database.db
      .selectFrom('rising_star_captures')
      .select('id')
      .orderBy('id')
      .execute();
    const second = captures[1]?.id as number;
    expect(await t.core.alerts.events.risingStarsListStored(second, 'main')).toBe(0);
    expect((await notifications()).notifications).toHaveLength(1);
    expect(await t.core.alerts.delivery.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(messagesTo(mail, ALERT_MAIL)).toHaveLength(1);
    expect(jsonHook.calls).toHaveLength(1);
    expect(discordHook.calls).toHaveLength(1);
  });

  it('tells a reader of a fiction of their list by default, in the app only', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.addToList();
    const watches = await call<{ data: Watch[] }>(t.app, {
      method: 'GET',
      url: '/api/watches',
      token: state.reader.token,
    });
    expect(watches.body.data).toEqual([
      expect.objectContaining({
        royalroad_id: state.watched,
        default: true,
        events: ['chapter_released', 'rs_entered'],
        channels: { app: true, email: false, webhooks: false },
      }),
    ]);
    await capture(withAt(state.main, state.watched, 30));
    expect((await notifications()).notifications.map((each) => each.kind)).toEqual(['rs_entered']);
    expect(await t.core.alerts.delivery.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('marks one or all read; another reader sees none of them', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_entered', 'main_top10'], { app: true, email: false, webhooks: false });
    await capture(withAt(state.main, state.watched, 3));
    const before = await notifications();
    expect(before.notifications.map((each) => each.kind).sort()).toEqual(['main_top10', 'rs_entered']);
    const other = await registerUser(t.app);
    expect((await notifications(other.token)).notifications).toEqual([]);
    const foreign = await call(t.app, {
      method: 'POST',
      url: '/api/notifications/read',
      token: other.token,
      payload: { ids: [before.notifications[0]?.id] },
    });
    expect(foreign.body).toMatchObject({ data: { marked: 0 } });
    const one = await call(t.app, {
      method: 'POST',
      url: '/api/notifications/read',
      token: state.reader.token,
      payload: { ids: [before.notifications[0]?.id] },
    });
    expect(one.body).toMatchObject({ data: { marked: 1, unread: 1 } });
    // One read, one unread: every page says so, a page past the end too.
    const page = async (query: string, token = state.reader.token) =>
      (
        await call<{
          data: {
            notifications: Array<{ id: number; read: boolean }>;
            unread: number;
            pagination: { total: number };
          };
        }>(t.app, { method: 'GET', url: `/api/notifications?${query}`, token })
      ).body.data;
    const counts = (data: Awaited<ReturnType<typeof page>>) => ({
      shown: data.notifications.map((each) => each.read),
      unread: data.unread,
      total: data.pagination.total,
    });
    expect(counts(await page('limit=1&page=2'))).toEqual({
      shown: [expect.any(Boolean)],
      unread: 1,
      total: 2,
    });
    expect(counts(await page('limit=1&page=3'))).toEqual({ shown: [], unread: 1, total: 2 });
    expect(counts(await page('unread=true&limit=1'))).toEqual({ shown: [false], unread: 1, total: 1 });
    expect(counts(await page('unread=true&limit=1&page=2'))).toEqual({ shown: [], unread: 1, total: 1 });
    expect(counts(await page('unread=true&limit=5', other.token))).toEqual({
      shown: [],
      unread: 0,
      total: 0,
    });
    const all = await call(t.app, {
      method: 'POST',
      url: '/api/notifications/read',
      token: state.reader.token,
      payload: { all: true },
    });
    expect(all.body).toMatchObject({ data: { marked: 1, unread: 0 } });
    const otherWatch = await call(t.app, {
      method: 'GET',
      url: `/api/watches/${state.watched}`,
      token: other.token,
    });
    expect(otherWatch.status).toBe(404);
  });

  it('finds new chapters and follower milestones when a fiction page is stored again', async () => {
    await scrape(state.watched);
    await bed.watch(['chapter_released', 'followers_milestone'], {
      app: true,
      email: false,
      webhooks: false,
    });
    const fiction = fake.site.fiction(state.watched);
    const followers = fiction?.stats.followers ?? 0;
    const next =
      [100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000].find((m) => m > followers) ?? 100000;
    fake.site.setStats(state.watched, { followers: next + 1 });
    t.clock.advance(HOUR);
    fiction?.chapters.push({
      id: 99_000_001,
      title: 'Chapter 999: The Return',
      slug: 'chapter-999-the-return',
      publishedAt: t.clock.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      volumeId: null,
    });
    await scrape(state.watched);
    const found = (await notifications()).notifications;
    const kinds = found.map((each) => each.kind);
    expect(kinds.sort()).toEqual(['chapter_released', 'followers_milestone']);
    const chapter = found.find((each) => each.kind === 'chapter_released');
    expect(chapter?.text).toContain('Chapter 999: The Return');
    expect(chapter?.url).toBe(`${fake.url}/fiction/${state.watched}/chapter/99000001`);
    await scrape(state.watched);
    expect((await notifications()).notifications.map((each) => each.kind).sort()).toEqual(kinds);
  });
});

describe('changes of the page', () => {
  it('are told to a watch that asks for them, in words; a fiction on a list alone tells nothing of them', async () => {
    await scrape(state.watched);
    // Another reader has it on their list (its default watch: chapters and entries); this one watches the page.
    const other = await registerUser(t.app, { email: 'otto@example.com' });
    const fiction = await t.services.fictions.findByRoyalroadId(state.watched);
    const listed = await call(t.app, {
      method: 'POST',
      url: '/api/userFictions',
      token: other.token,
      payload: { fiction_id: fiction?.id },
    });
    expect(listed.status).toBe(201);
    await bed.watch(['page_changed'], { app: true, email: false, webhooks: false });
    const before = fake.site.fiction(state.watched)?.title ?? '';
    fake.site.setPage(state.watched, { title: 'A Brand New Name', status: 'HIATUS' });
    await scrape(state.watched);
    const found = (await notifications()).notifications;
    expect(found.map((each) => each.kind).sort()).toEqual(['status_changed', 'title_changed']);
    expect(found.find((each) => each.kind === 'title_changed')?.text).toBe(
      `A Brand New Name: Title changed from “${before}” to “A Brand New Name”`,
    );
    expect(found.find((each) => each.kind === 'status_changed')?.text).toBe(
      'A Brand New Name: Now on hiatus (was ongoing)',
    );
    expect((await notifications(other.token)).notifications).toEqual([]);
    // Read again unchanged: nothing new.
    await scrape(state.watched);
    expect((await notifications()).notifications).toHaveLength(2);
  });
});

describe('moves on a list', () => {
  it('tells a new best position once, and leaving the list with the last position', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_best', 'rs_left'], { app: true, email: false, webhooks: false });
    await capture(withAt(state.main, state.watched, 30));
    await capture(withAt(state.main, state.watched, 12));
    await capture(withAt(state.main, state.watched, 20));
    await capture(withAt(state.main, state.watched, 12));
    await capture(without(state.main, state.watched));
    const texts = (await notifications()).notifications.map((each) => each.text);
    expect(texts).toEqual([
      expect.stringContaining('left the main Rising Stars list (last at #12)'),
      expect.stringContaining('reached its best position on the main Rising Stars list: #12'),
    ]);
  });
});

describe('settings and unsubscribing', () => {
  it('stops alert emails with the signed link, without signing in', async () => {
    const settings = await call<{ data: NotificationSettings }>(t.app, {
      method: 'GET',
      url: '/api/notification-settings',
      token: state.reader.token,
    });
    expect(settings.body.data).toMatchObject({
      email_enabled: true,
      email_available: true,
      email_verified: true,
    });
    expect(settings.body.data.feed_url).toMatch(
      /^https:\/\/rrc\.example\/feeds\/me\/[A-Za-z0-9_-]{32}\.atom$/,
    );
    const bad = await call(t.app, { method: 'POST', url: '/api/unsubscribe?token=1.abc' });
    expect(bad.status).toBe(400);
  });
});

describe('two workers on one database', () => {
  it('make each notification once when both compare the same capture at the same time', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_entered'], { app: true, email: true, webhooks: false });
    await capture(withAt(state.main, state.watched, 7));
    const db = t.database.db;
    const second = (
      await db.selectFrom('rising_star_captures').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    // As if nothing had been found yet: both workers find it now, together.
    await db.deleteFrom('fiction_events').execute();
    // On PostgreSQL a second process with its own connections; SQLite in memory has one process only.
    const other =
      testDialect === 'postgres'
        ? await createTestApp(
            { ROYALROAD_BASE_URL: fake.url, SMTP_URL: mail.smtpUrl },
            { databaseUrl: () => t.config.databaseUrl, genres: ['main'] },
          )
        : null;
    const workers = [t.core, other?.core ?? t.core];
    try {
      const made = await Promise.all([
        workers[0]?.alerts.events.risingStarsListStored(second, 'main'),
        workers[1]?.alerts.events.risingStarsListStored(second, 'main'),
        workers[0]?.alerts.events.risingStarsListStored(second, 'main'),
        workers[1]?.alerts.events.risingStarsListStored(second, 'main'),
      ]);
      expect(made.reduce((a: number, b) => a + (b ?? 0), 0)).toBe(1);
    } finally {
      await other?.close();
    }
    expect((await notifications()).notifications).toHaveLength(1);
    const deliveries = await db.selectFrom('deliveries').select('channel').execute();
    expect(deliveries).toEqual([{ channel: 'email' }]);
  });
});

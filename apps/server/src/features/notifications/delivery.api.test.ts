import { EMAILS_PER_READER_PER_DAY, type NotificationSettings, type Webhook } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { messagesTo, nthMessageTo } from '../../../test/mail.ts';
import { call } from '../../../test/test-app.ts';
import { alertsTestbed, HOUR, READER_EMAIL, withAt, without } from './alerts.test-helpers.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './delivery.service.ts';

const bed = alertsTestbed();
const { mail, jsonHook, t, state, capture, scrape } = bed;
const ALERT_MAIL = { to: READER_EMAIL, subject: 'Rising Stars' };

/** The watched fiction enters the main list once, watched through these channels. */
async function enterList(channels: { app: boolean; email: boolean; webhooks: boolean }) {
  await capture(without(state.main, state.watched));
  await scrape(state.watched);
  await bed.watch(['rs_entered'], channels);
}

const deliver = () => t.core.alerts.delivery.deliverDue();

async function settings() {
  const response = await call<{ data: NotificationSettings }>(t.app, {
    method: 'GET',
    url: '/api/notification-settings',
    token: state.reader.token,
  });
  return response.body.data;
}

describe('email delivery', () => {
  it('waits while the mail server is down and delivers once when it is back', async () => {
    await enterList({ app: true, email: true, webhooks: false });
    mail.refuse(true);
    await capture(withAt(state.main, state.watched, 4));
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    mail.refuse(false);
    t.clock.advance((RETRY_DELAYS_MS[0] ?? 0) + 1000);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    await nthMessageTo(mail, ALERT_MAIL);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(messagesTo(mail, ALERT_MAIL)).toHaveLength(1);
    expect((await settings()).failed_deliveries).toEqual([]);
    // The address is kept with the delivery: the daily limit per address counts it.
    const sent = await t.database.db.selectFrom('deliveries').select(['status', 'recipient']).execute();
    expect(sent).toEqual([{ status: 'sent', recipient: READER_EMAIL }]);
  });

  it('sends nothing to an address that is not verified', async () => {
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('email', '=', READER_EMAIL)
      .execute();
    await enterList({ app: true, email: true, webhooks: false });
    await capture(withAt(state.main, state.watched, 4));
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect((await bed.notifications()).notifications).toHaveLength(1);
  });
  it('sends no more than the daily limit of alert emails to one address, whichever account it was sent for', async () => {
    // The address took the day's alert emails while another account had it.
    const other = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'boss@example.com')
      .executeTakeFirstOrThrow();
    const earlier = new Date(t.clock.now.getTime() - HOUR).toISOString();
    for (let i = 0; i < EMAILS_PER_READER_PER_DAY; i++)
      await t.database.db
        .insertInto('deliveries')
        .values({
          user_id: other.id,
          channel: 'email',
          webhook_id: null,
          notification_id: null,
          delivery_key: `email:earlier:${i}`,
          payload: '{}',
          status: 'sent',
          next_attempt_at: earlier,
          created_at: earlier,
          sent_at: earlier,
          finished_at: earlier,
          recipient: READER_EMAIL,
        })
        .execute();
    await enterList({ app: true, email: true, webhooks: false });
    await capture(withAt(state.main, state.watched, 4));
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(messagesTo(mail, ALERT_MAIL)).toHaveLength(0);
    expect((await settings()).failed_deliveries).toEqual([
      expect.objectContaining({
        channel: 'email',
        last_error: 'The daily limit of alert emails to this address was reached.',
      }),
    ]);
  });
});

describe('webhook delivery', () => {
  it('tries again after 500s and delivers once with the same event id', async () => {
    await enterList({ app: false, email: false, webhooks: true });
    await bed.addWebhook(jsonHook.url, 'json');
    jsonHook.answer(500, 500, 500);
    await capture(withAt(state.main, state.watched, 4));
    for (const wait of RETRY_DELAYS_MS.slice(0, 3)) {
      expect(await deliver()).toEqual({ sent: 0, failed: 1 });
      t.clock.advance(wait);
    }
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    t.clock.advance(HOUR);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(jsonHook.calls).toHaveLength(4);
    const ids = new Set(jsonHook.calls.map((each) => each.headers['rrc-event-id']));
    expect(ids.size).toBe(1);
    expect(String([...ids][0])).toMatch(/^ntf_\d+$/);
  });

  it('gives up after every try and shows the error in the settings', async () => {
    await enterList({ app: true, email: false, webhooks: true });
    await bed.addWebhook(jsonHook.url, 'json');
    jsonHook.answer(...Array.from({ length: MAX_ATTEMPTS + 2 }, () => 500));
    await capture(withAt(state.main, state.watched, 4));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliver()).toEqual({ sent: 0, failed: 1 });
      t.clock.advance(13 * HOUR);
    }
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(jsonHook.calls).toHaveLength(MAX_ATTEMPTS);
    expect((await settings()).failed_deliveries).toEqual([
      expect.objectContaining({
        channel: 'webhook',
        target: jsonHook.url,
        attempts: MAX_ATTEMPTS,
        last_error: 'The webhook answered 500.',
      }),
    ]);
    const health = await call<{ data: unknown[] }>(t.app, {
      method: 'GET',
      url: '/api/admin/deliveries',
      token: state.admin.token,
    });
    expect(health.body.data).toEqual([{ channel: 'webhook', queued: 0, failed: 0, sent: 0, given_up: 1 }]);
    // A receiver that failed for a whole day of tries is switched off, with the reason shown.
    const hooks = await call<{ data: Webhook[] }>(t.app, {
      method: 'GET',
      url: '/api/webhooks',
      token: state.reader.token,
    });
    expect(hooks.body.data[0]).toMatchObject({
      enabled: false,
      disabled_reason: 'Switched off after failing for a day of tries: The webhook answered 500.',
    });
  });

  it('waits for a failing receiver once: its other calls are tried at its next try, not each in turn', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_entered', 'main_top10'], { app: false, email: false, webhooks: true });
    await bed.addWebhook(jsonHook.url, 'json');
    jsonHook.answer(503, 503);
    await capture(withAt(state.main, state.watched, 4));
    // Two events (entered, top 10), one receiver: it is called once, and both wait for its next try.
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(jsonHook.calls).toHaveLength(1);
    t.clock.advance((RETRY_DELAYS_MS[0] ?? 0) - 1000);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(2000);
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(jsonHook.calls).toHaveLength(2);
    t.clock.advance(RETRY_DELAYS_MS[1] ?? 0);
    expect(await deliver()).toEqual({ sent: 2, failed: 0 });
    expect(jsonHook.calls).toHaveLength(4);
    const ids = jsonHook.calls.map((each) => String(each.headers['rrc-event-id']));
    expect(new Set(ids.slice(2)).size).toBe(2);
  });

  it('switches a webhook off when it answers 410', async () => {
    await enterList({ app: true, email: false, webhooks: true });
    await bed.addWebhook(jsonHook.url, 'json');
    jsonHook.answer(410);
    await capture(withAt(state.main, state.watched, 4));
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    const hooks = await call<{ data: Webhook[] }>(t.app, {
      method: 'GET',
      url: '/api/webhooks',
      token: state.reader.token,
    });
    expect(hooks.body.data[0]).toMatchObject({
      enabled: false,
      disabled_reason: 'The receiver answered 410 Gone.',
    });
  });

  it('sends a test call on request, signed', async () => {
    const hook = await bed.addWebhook(jsonHook.url, 'json');
    const response = await call(t.app, {
      method: 'POST',
      url: `/api/webhooks/${hook.id}/test`,
      token: state.reader.token,
    });
    expect(response.status).toBe(202);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(jsonHook.calls[0]?.json).toMatchObject({ type: 'test' });
    expect(String(jsonHook.calls[0]?.headers['rrc-event-id'])).toMatch(/^test_\d+$/);
  });

  it('takes at most five webhooks, and another reader cannot touch them', async () => {
    const first = await bed.addWebhook(jsonHook.url, 'json');
    for (let i = 0; i < 4; i++) await bed.addWebhook(jsonHook.url, 'discord');
    const sixth = await call(t.app, {
      method: 'POST',
      url: '/api/webhooks',
      token: state.reader.token,
      payload: { url: jsonHook.url, kind: 'json' },
    });
    expect(sixth.status).toBe(409);
    const other = await call(t.app, {
      method: 'DELETE',
      url: `/api/webhooks/${first.id}`,
      token: state.admin.token,
    });
    expect(other.status).toBe(404);
    const test = await call(t.app, {
      method: 'POST',
      url: `/api/webhooks/${first.id}/test`,
      token: state.admin.token,
    });
    expect(test.status).toBe(404);
  });
});

describe('retention', () => {
  it('forgets in-app notifications after 90 days', async () => {
    await enterList({ app: true, email: false, webhooks: false });
    await capture(withAt(state.main, state.watched, 4));
    expect((await bed.notifications()).notifications).toHaveLength(1);
    t.clock.advance(89 * 24 * HOUR);
    await t.core.alerts.delivery.cleanup();
    expect((await bed.notifications()).notifications).toHaveLength(1);
    t.clock.advance(2 * 24 * HOUR);
    await t.core.alerts.delivery.cleanup();
    expect((await bed.notifications()).notifications).toHaveLength(0);
  });
});

describe('the daily digest', () => {
  it('comes once at the reader’s hour in their zone, across a daylight-saving change, and not when there is nothing to say', async () => {
    const { fake } = bed;
    await call(t.app, {
      method: 'PUT',
      url: '/api/notification-settings',
      token: state.reader.token,
      payload: { digest_enabled: true, digest_hour: 8, time_zone: 'America/New_York' },
    });
    // Saturday 31 October 2026, 06:00 in New York (EDT, UTC−4).
    t.clock.now = new Date('2026-10-31T10:00:00.000Z');
    await scrape(state.watched);
    await bed.addToList();
    const chapters = fake.site.fiction(state.watched)?.chapters ?? [];
    for (const n of [1, 2, 3])
      chapters.push({
        id: 98_000_000 + n,
        title: `Digest chapter ${n}`,
        slug: `digest-chapter-${n}`,
        publishedAt: `2026-10-31T11:0${n}:00Z`,
        volumeId: null,
      });
    await scrape(state.watched); // 11:00Z = 07:00 EDT
    const tick = async (iso: string) => {
      t.clock.now = new Date(iso);
      await t.core.alerts.delivery.tick();
    };
    await tick('2026-10-31T11:59:00.000Z'); // 07:59 EDT: not yet
    expect(messagesTo(mail, { to: READER_EMAIL, subject: 'new chapter' })).toHaveLength(0);
    await tick('2026-10-31T12:00:00.000Z'); // 08:00 EDT
    const digest = await nthMessageTo(mail, { to: READER_EMAIL, subject: '3 new chapters' });
    expect(digest.text).toContain('Digest chapter 1');
    expect(digest.text).toContain('Digest chapter 3');
    expect(digest.headers['list-unsubscribe']).toContain('/api/unsubscribe?token=');
    await tick('2026-10-31T12:30:00.000Z');
    // Sunday 1 November: clocks went back, 08:00 is now 13:00Z (EST, UTC−5). Nothing new: no email.
    await tick('2026-11-01T12:00:00.000Z'); // 07:00 EST
    await tick('2026-11-01T13:00:00.000Z'); // 08:00 EST
    expect(messagesTo(mail, { to: READER_EMAIL, subject: 'digest' })).toHaveLength(0);
    expect(messagesTo(mail, { to: READER_EMAIL, subject: 'new chapter' })).toHaveLength(1);
    // A chapter on Monday: told at 08:00 EST, 13:00Z, not an hour earlier.
    chapters.push({
      id: 98_000_010,
      title: 'Monday chapter',
      slug: 'monday',
      publishedAt: '2026-11-02T09:00:00Z',
      volumeId: null,
    });
    t.clock.now = new Date('2026-11-02T10:00:00.000Z');
    await scrape(state.watched);
    await tick('2026-11-02T12:00:00.000Z');
    expect(messagesTo(mail, { to: READER_EMAIL, subject: 'new chapter' })).toHaveLength(1);
    await tick('2026-11-02T13:00:00.000Z');
    const monday = await nthMessageTo(mail, { to: READER_EMAIL, subject: '1 new chapter' });
    expect(monday.text).toContain('Monday chapter');
    expect(monday.text).not.toContain('Digest chapter 1');
  });
});

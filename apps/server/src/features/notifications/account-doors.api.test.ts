import { NOTIFICATION_MESSAGES, type NotificationSettings, type Webhook } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { call, registerUser } from '../../../test/test-app.ts';
import { alertsTestbed, READER_EMAIL, withAt, without } from './alerts.test-helpers.ts';
import { notificationsService } from './notifications.service.ts';

// After a password reset or an email change, whoever held the account before may still read its private
// feed by its address and receive its alerts through a webhook they added: both doors are closed, and the
// owner turns back on the webhooks that are theirs.

const bed = alertsTestbed();
const { jsonHook, discordHook, t, state, capture, scrape, addWebhook } = bed;

/** The alerts' service as the composition root builds it, on the test app's database and clock. */
const service = () =>
  notificationsService({
    repositories: t.core.alerts.repositories,
    publicUrl: t.config.publicUrl,
    secret: 'account-doors-test-secret',
    emailAvailable: true,
    webhooks: t.core.alerts.webhooks,
    queueWebhookTest: t.core.alerts.delivery.queueWebhookTest,
    now: () => t.clock.now,
  });

const readerId = async () =>
  (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', READER_EMAIL)
      .executeTakeFirstOrThrow()
  ).id;

async function webhooks(token = state.reader.token) {
  return (await call<{ data: Webhook[] }>(t.app, { method: 'GET', url: '/api/webhooks', token })).body.data;
}

async function feedPath() {
  const settings = await call<{ data: NotificationSettings }>(t.app, {
    method: 'GET',
    url: '/api/notification-settings',
    token: state.reader.token,
  });
  return new URL(settings.body.data.feed_url).pathname;
}

const turn = (id: number, enabled: unknown, token = state.reader.token) =>
  call<{ data: Webhook }>(t.app, {
    method: 'PATCH',
    url: `/api/webhooks/${id}`,
    token,
    payload: { enabled },
  });

describe('closing the doors of an account after a password reset', () => {
  it('renews the private feed address and pauses every webhook on; queued and later alerts reach none', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_entered', 'rs_left'], { app: true, email: false, webhooks: true });
    const json = await addWebhook(jsonHook.url, 'json');
    const discord = await addWebhook(discordHook.url, 'discord');
    const off = await addWebhook(`${jsonHook.url}/off`, 'json');
    expect((await turn(off.id, false)).status).toBe(200);

    // An alert queued for both webhooks, not sent yet.
    await capture(withAt(state.main, state.watched, 5));
    const oldFeed = await feedPath();
    expect((await t.app.inject({ method: 'GET', url: oldFeed })).statusCode).toBe(200);

    const closed = await service().closeAccountDoors(await readerId(), 'password-reset');

    expect(closed.pausedWebhooks.sort((a, b) => a.id - b.id)).toEqual([
      { id: json.id, url: jsonHook.url },
      { id: discord.id, url: discordHook.url },
    ]);
    // The old address is refused from the very next request, though it was read a moment ago.
    const old = await t.app.inject({ method: 'GET', url: oldFeed });
    expect(old.statusCode).toBe(404);
    const renewed = await feedPath();
    expect(renewed).not.toBe(oldFeed);
    expect((await t.app.inject({ method: 'GET', url: renewed })).statusCode).toBe(200);

    const hooks = await webhooks();
    expect(hooks.map(({ id, enabled, disabled_reason }) => ({ id, enabled, disabled_reason }))).toEqual([
      { id: json.id, enabled: false, disabled_reason: NOTIFICATION_MESSAGES.webhookPausedPasswordReset },
      { id: discord.id, enabled: false, disabled_reason: NOTIFICATION_MESSAGES.webhookPausedPasswordReset },
      { id: off.id, enabled: false, disabled_reason: NOTIFICATION_MESSAGES.webhookSwitchedOff },
    ]);

    await t.core.alerts.delivery.deliverDue();
    await capture(without(state.main, state.watched));
    await t.core.alerts.delivery.deliverDue();
    expect(jsonHook.calls).toEqual([]);
    expect(discordHook.calls).toEqual([]);

    // The owner turns back on the one they added themselves: it hears of the next alert.
    const on = await turn(json.id, true);
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ id: json.id, enabled: true, disabled_reason: null });
    expect(on.body.data).not.toHaveProperty('secret');
    await capture(withAt(state.main, state.watched, 9));
    await t.core.alerts.delivery.deliverDue();
    expect(jsonHook.calls.map((received) => (received.json as { type: string }).type)).toEqual([
      'rs_entered',
    ]);
    expect(discordHook.calls).toEqual([]);
  });

  it('says why after an email change, and pauses nothing when no webhook is on', async () => {
    const hook = await addWebhook(jsonHook.url, 'json');
    const doors = service();
    const userId = await readerId();
    expect(await doors.closeAccountDoors(userId, 'email-change')).toEqual({
      pausedWebhooks: [{ id: hook.id, url: jsonHook.url }],
    });
    expect((await webhooks())[0]?.disabled_reason).toBe(NOTIFICATION_MESSAGES.webhookPausedEmailChange);
    expect(await doors.closeAccountDoors(userId, 'email-change')).toEqual({ pausedWebhooks: [] });
    // Another reader's webhooks are left as they are.
    const other = await registerUser(t.app);
    const theirs = await call<{ data: Webhook }>(t.app, {
      method: 'POST',
      url: '/api/webhooks',
      token: other.token,
      payload: { url: discordHook.url, kind: 'discord' },
    });
    await doors.closeAccountDoors(userId, 'password-reset');
    expect((await webhooks(other.token)).map((each) => each.enabled)).toEqual([true]);
    expect(theirs.status).toBe(201);
  });
});

describe('turning a webhook back on', () => {
  it('clears the failure that switched it off; only its owner may, and says what to send', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    await bed.watch(['rs_entered', 'rs_left'], { app: true, email: false, webhooks: true });
    const hook = await addWebhook(jsonHook.url, 'json');
    jsonHook.answer(410);
    await capture(withAt(state.main, state.watched, 5));
    await t.core.alerts.delivery.deliverDue();
    const failed = (await webhooks())[0];
    expect(failed).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('410') });

    const other = await registerUser(t.app);
    const foreign = await turn(hook.id, true, other.token);
    expect(foreign.status).toBe(404);
    expect((await turn(999_999, true)).status).toBe(404);
    const bad = await turn(hook.id, 'yes');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      error: expect.stringContaining('enabled must be true or false'),
    });
    const empty = await call(t.app, {
      method: 'PATCH',
      url: `/api/webhooks/${hook.id}`,
      token: state.reader.token,
      payload: {},
    });
    expect(empty.status).toBe(400);
    expect((await webhooks())[0]?.enabled).toBe(false);

    const on = await turn(hook.id, true);
    expect(on.body.data).toMatchObject({ id: hook.id, enabled: true, disabled_reason: null });
    await capture(without(state.main, state.watched));
    await t.core.alerts.delivery.deliverDue();
    expect(jsonHook.calls.map((received) => (received.json as { type: string }).type)).toEqual([
      'rs_entered',
      'rs_left',
    ]);
  });
});

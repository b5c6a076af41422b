import type { NotificationSettings } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { linkToken, nthMessageTo, SUBJECTS } from '../../../test/mail.ts';
import { call } from '../../../test/test-app.ts';
import { alertsTestbed, READER_EMAIL, withAt, without } from '../notifications/alerts.test-helpers.ts';

// Whoever held an account before a password reset may have kept a way in that needs no session: the private
// feed's address, a webhook of their own. The reset closes both, and tells the owner which webhooks it paused.

const bed = alertsTestbed();
const { mail, jsonHook, t, state, capture, scrape, addWebhook } = bed;

async function feedPath(token: string) {
  const settings = await call<{ data: NotificationSettings }>(t.app, {
    method: 'GET',
    url: '/api/notification-settings',
    token,
  });
  return new URL(settings.body.data.feed_url).pathname;
}

describe('a password reset', () => {
  it('renews the private feed address and pauses the webhooks, telling the owner; alerts reach them only once turned back on', async () => {
    await capture(without(state.main, state.watched));
    await scrape(state.watched);
    // Someone else, signed in to the account, watches a fiction and adds a webhook and reads the feed.
    await bed.watch(['rs_entered', 'rs_left'], { app: true, email: false, webhooks: true });
    const hook = await addWebhook(jsonHook.url, 'json');
    const oldFeed = await feedPath(state.reader.token);

    // The owner resets the password.
    await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: READER_EMAIL } });
    const message = await nthMessageTo(mail, { to: READER_EMAIL, subject: SUBJECTS.reset });
    const reset = await call<{ data: { token: string } }>(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: linkToken(message, t.config.publicUrl, '/reset-password'),
        password: 'Owners-pass-2026',
      },
    });
    expect(reset.status).toBe(200);
    const owner = reset.body.data.token;

    expect((await t.app.inject({ method: 'GET', url: oldFeed })).statusCode).toBe(404);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/auth/profile', token: state.reader.token })).status,
    ).toBe(401);
    expect(await feedPath(owner)).not.toBe(oldFeed);
    const told = await nthMessageTo(mail, { to: READER_EMAIL, subject: 'webhook' });
    expect(told.subject).toBe('A webhook of your RR Companion account is paused');
    expect(told.text).toContain('A new password was just chosen for your RR Companion account');
    expect(told.text).toContain(jsonHook.url);
    expect(told.links).toContain(`${t.config.publicUrl}/notifications/settings`);

    await capture(withAt(state.main, state.watched, 5));
    await t.core.alerts.delivery.deliverDue();
    expect(jsonHook.calls).toEqual([]);

    const on = await call(t.app, {
      method: 'PATCH',
      url: `/api/webhooks/${hook.id}`,
      token: owner,
      payload: { enabled: true },
    });
    expect(on.status).toBe(200);
    await capture(without(state.main, state.watched));
    await t.core.alerts.delivery.deliverDue();
    expect(jsonHook.calls.map((received) => (received.json as { type: string }).type)).toEqual(['rs_left']);
  });

  it('sends no such mail when no webhook was on', async () => {
    await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: READER_EMAIL } });
    const message = await nthMessageTo(mail, { to: READER_EMAIL, subject: SUBJECTS.reset });
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: linkToken(message, t.config.publicUrl, '/reset-password'),
        password: 'Owners-pass-2026',
      },
    });
    expect(reset.status).toBe(200);
    await t.app.backgroundTasks.idle();
    expect(mail.messages().filter((each) => each.subject.includes('webhook'))).toEqual([]);
  });
});

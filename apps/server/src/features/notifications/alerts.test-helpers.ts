// What the alert tests share: the fake Royal Road, the mail catcher, two webhook receivers, an app that
// delivers to them, a verified reader, and steps (capture a list, scrape a fiction, read notifications).
import { createHmac } from 'node:crypto';
import type { Notification } from '@rrc/contract';
import { beforeEach, expect } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { mailCatcherForFile } from '../../../test/mail.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';
import { webhookReceiverForFile } from '../../../test/webhook-receiver.ts';

export const HOUR = 60 * 60 * 1000;
export const READER_EMAIL = 'rita@example.com';

export function alertsTestbed(env: Record<string, string> = {}) {
  const fake = fakeRoyalRoadForFile();
  const mail = mailCatcherForFile();
  const jsonHook = webhookReceiverForFile('the json webhook receiver');
  const discordHook = webhookReceiverForFile('the discord webhook receiver');
  const t = testAppForEach(() =>
    createTestApp(
      {
        ROYALROAD_BASE_URL: fake.url,
        ADMIN_EMAILS: 'boss@example.com',
        SMTP_URL: mail.smtpUrl,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        PUBLIC_URL: 'https://rrc.example',
        ...env,
      },
      { genres: ['main'] },
    ),
  );
  const state = { admin: { token: '' }, reader: { token: '' }, main: [] as number[], watched: 0 };

  beforeEach(async () => {
    state.admin = await registerUser(t.app, { email: 'boss@example.com' });
    state.reader = await registerUser(t.app, { email: READER_EMAIL });
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: t.clock.now.toISOString() })
      .where('email', '=', READER_EMAIL)
      .execute();
    state.main = fake.site.risingStars('main') ?? [];
    state.watched = state.main[20] as number;
  });

  async function runJob(url: string) {
    const response = await call<{ data: { jobId: number } }>(t.app, {
      method: 'POST',
      url,
      token: state.admin.token,
    });
    expect(response.status).toBe(202);
    const row = await t.services.runner.waitFor(response.body.data.jobId, 15_000);
    expect(row?.status).toBe('succeeded');
  }

  return {
    fake,
    mail,
    jsonHook,
    discordHook,
    t,
    state,

    /** Stores a capture of the main list holding these fictions, an hour after the last step. */
    async capture(ids: number[]) {
      fake.site.setRisingStars('main', ids);
      t.clock.advance(HOUR);
      await runJob('/api/admin/trigger/rising-stars-scrape');
    },

    /** Stores the fiction's page, an hour after the last step. */
    async scrape(royalroadId: number) {
      t.clock.advance(HOUR);
      await runJob(`/api/admin/manual-scrape/${royalroadId}`);
    },

    async watch(
      events: string[],
      channels = { app: true, email: false, webhooks: false },
      token = state.reader.token,
    ) {
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/watches',
        token,
        payload: { royalroad_id: state.watched, events, channels },
      });
      expect(response.status).toBe(201);
      return response;
    },

    /** Puts the watched fiction in the reader's list. */
    async addToList() {
      const fiction = await t.services.fictions.findByRoyalroadId(state.watched);
      const response = await call(t.app, {
        method: 'POST',
        url: '/api/userFictions',
        token: state.reader.token,
        payload: { fiction_id: fiction?.id },
      });
      expect(response.status).toBe(201);
    },

    async notifications(token = state.reader.token) {
      const response = await call<{ data: { notifications: Notification[]; unread: number } }>(t.app, {
        method: 'GET',
        url: '/api/notifications',
        token,
      });
      return response.body.data;
    },

    async addWebhook(url: string, kind: 'json' | 'discord') {
      const response = await call<{ data: { id: number; secret: string } }>(t.app, {
        method: 'POST',
        url: '/api/webhooks',
        token: state.reader.token,
        payload: { url, kind },
      });
      expect(response.status).toBe(201);
      return response.body.data;
    },
  };
}

/** Checks `RRC-Signature` the way a receiver would. */
export function expectSignedBy(header: unknown, secret: string, body: string) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  expect(match).not.toBeNull();
  const expected = createHmac('sha256', secret).update(`${match?.[1]}.${body}`).digest('hex');
  expect(match?.[2]).toBe(expected);
}

export const without = (ids: number[], id: number) => ids.filter((each) => each !== id);

/** The list with `id` moved to `position` (1-based). */
export function withAt(ids: number[], id: number, position: number) {
  const rest = without(ids, id);
  return [...rest.slice(0, position - 1), id, ...rest.slice(position - 1)];
}

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { NOTIFICATION_MESSAGES, WEBHOOK_TESTS_PER_MINUTE } from '@rrc/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo, nthMessageTo } from '../../../test/mail.ts';
import { call } from '../../../test/test-app.ts';
import { alertsTestbed, READER_EMAIL, withAt, without } from './alerts.test-helpers.ts';

// One reader's webhook that never answers must not hold up anyone else's alerts: test calls are limited and
// replace each other, and deliveries go out side by side, one at a time per receiver.

const bed = alertsTestbed();
const { mail, jsonHook, t, state, capture, scrape } = bed;

/** A receiver that accepts connections and never answers (a webhook target that hangs every call). */
let dead: { server: Server; sockets: Set<Socket>; url: string };
beforeAll(async () => {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dead = { server, sockets, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
});
afterAll(async () => {
  for (const socket of dead.sockets) socket.destroy();
  await new Promise((resolve) => dead.server.close(resolve));
});
afterEach(async () => {
  await t.core.alerts.delivery.stop(0);
});

/** Another reader (the admin account) adds a webhook. */
async function othersWebhook(url: string) {
  const response = await call<{ data: { id: number } }>(t.app, {
    method: 'POST',
    url: '/api/webhooks',
    token: state.admin.token,
    payload: { url, kind: 'json' },
  });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

const testCall = (id: number, token = state.admin.token) =>
  call(t.app, { method: 'POST', url: `/api/webhooks/${id}/test`, token });

/** The reader watches a fiction by email and webhook, and it enters the main list: one email, one call. */
async function readerAlert() {
  await bed.addWebhook(jsonHook.url, 'json');
  await capture(without(state.main, state.watched));
  await scrape(state.watched);
  await bed.watch(['rs_entered'], { app: false, email: true, webhooks: true });
  await capture(withAt(state.main, state.watched, 4));
}

const waitingTests = async (webhookId: number) =>
  (
    await t.database.db
      .selectFrom('deliveries')
      .select(['id', 'status', 'last_error'])
      .where('webhook_id', '=', webhookId)
      .execute()
  ).filter((row) => row.status === 'queued');

async function within(ms: number, done: () => boolean) {
  const started = Date.now();
  while (!done() && Date.now() - started < ms) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
}

describe('test calls to a webhook that never answers', () => {
  it('300 in a second: past the limit they are refused, and another reader’s alerts go out on time', async () => {
    const hook = await othersWebhook(dead.url);
    const answers = await Promise.all(Array.from({ length: 300 }, () => testCall(hook)));
    const accepted = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(WEBHOOK_TESTS_PER_MINUTE);
    expect(refused).toHaveLength(300 - WEBHOOK_TESTS_PER_MINUTE);
    expect(refused[0]?.body).toEqual({ success: false, error: NOTIFICATION_MESSAGES.webhookTestsTooMany });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0]?.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The five accepted ones are one test call waiting, not five.
    expect(await waitingTests(hook)).toHaveLength(1);

    await readerAlert();
    const round = t.core.alerts.delivery.deliverDue();
    const sending = Date.now();
    await nthMessageTo(mail, { to: READER_EMAIL, subject: 'Rising Stars' }, 1, 5_000);
    expect(await within(5_000 - (Date.now() - sending), () => jsonHook.calls.length === 1)).toBe(true);
    expect(Date.now() - sending).toBeLessThan(5_000);
    // Meanwhile the dead receiver's call times out, is given up (a test is tried once), and nothing else waits.
    expect(await round).toEqual({ sent: 2, failed: 1 });
    const [test] = await t.database.db
      .selectFrom('deliveries')
      .select(['status', 'last_error'])
      .where('webhook_id', '=', hook)
      .execute();
    expect(test).toMatchObject({ status: 'given_up', last_error: expect.stringMatching(/timeout|abort/i) });
  }, 30_000);

  it('a reader’s two dead webhooks take two slots at most: the other reader’s email and call do not wait for them', async () => {
    const first = await othersWebhook(dead.url);
    const second = await othersWebhook(`${dead.url}?second`);
    expect((await testCall(first)).status).toBe(202);
    expect((await testCall(second)).status).toBe(202);
    await readerAlert();
    const round = t.core.alerts.delivery.deliverDue();
    const sending = Date.now();
    await nthMessageTo(mail, { to: READER_EMAIL, subject: 'Rising Stars' }, 1, 5_000);
    expect(await within(5_000 - (Date.now() - sending), () => jsonHook.calls.length === 1)).toBe(true);
    expect(dead.sockets.size).toBe(2);
    expect(await round).toEqual({ sent: 2, failed: 2 });
    expect(messagesTo(mail, { to: READER_EMAIL, subject: 'Rising Stars' })).toHaveLength(1);
  }, 30_000);

  it('a test call asked again while one waits replaces it; once sent, the next is queued anew', async () => {
    const hook = await bed.addWebhook(jsonHook.url, 'json');
    for (let i = 0; i < 3; i++) expect((await testCall(hook.id, state.reader.token)).status).toBe(202);
    expect(await waitingTests(hook.id)).toHaveLength(1);
    expect(await t.core.alerts.delivery.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(jsonHook.calls).toHaveLength(1);
    expect((await testCall(hook.id, state.reader.token)).status).toBe(202);
    expect(await t.core.alerts.delivery.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(jsonHook.calls).toHaveLength(2);
    expect(jsonHook.calls[0]?.headers['rrc-event-id']).not.toBe(jsonHook.calls[1]?.headers['rrc-event-id']);
  });

  it('limits test calls per reader too, across their webhooks, and lets them again a minute later', async () => {
    const hooks = [await othersWebhook(jsonHook.url), await othersWebhook(jsonHook.url)];
    const statuses = [];
    for (let i = 0; i < WEBHOOK_TESTS_PER_MINUTE + 1; i++)
      statuses.push((await testCall(hooks[i % 2] as number)).status);
    expect(statuses).toEqual([...Array(WEBHOOK_TESTS_PER_MINUTE).fill(202), 429]);
    // The other reader is not limited by them.
    const own = await bed.addWebhook(jsonHook.url, 'json');
    expect((await testCall(own.id, state.reader.token)).status).toBe(202);
    t.clock.advance(61_000);
    expect((await testCall(hooks[0] as number)).status).toBe(202);
  });
});

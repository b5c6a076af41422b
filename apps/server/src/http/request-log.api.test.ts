import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.ts';
import { loggerOptions } from '../logger.ts';

/**
 * A reader's private feed is read at /feeds/me/<token>.atom: whoever has the address reads the reader's alerts,
 * so the token is a credential and belongs in no log line, however the feed is asked for and whatever fails.
 */

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const env = { LOG_LEVEL: 'trace', PUBLIC_URL: 'https://rrc.example' };
  // The same logger options as the real server, at the most talkative level.
  const probe = await createTestApp(env);
  const options = loggerOptions(probe.config);
  await probe.close();
  t = await createTestApp(env, { logger: pino(options, stream) });
});

afterAll(async () => {
  await t?.close();
});

/** The reader's feed token, as the settings page gives it. */
async function feedTokenOf(token: string): Promise<string> {
  const settings = await call<{ data: { feed_url: string } }>(t.app, {
    method: 'GET',
    url: '/api/notification-settings',
    token,
  });
  expect(settings.status).toBe(200);
  const match = /\/feeds\/me\/([A-Za-z0-9_-]{32})\.atom$/.exec(settings.body.data.feed_url);
  expect(match).not.toBeNull();
  return match?.[1] ?? '';
}

describe('the private feed in the logs', () => {
  it('leaves its token in no line: read, revalidated, misspelled, asked wrongly, replaced or failing', async () => {
    const reader = await registerUser(t.app);
    const feedToken = await feedTokenOf(reader.token);
    const address = `/feeds/me/${feedToken}.atom`;
    const seen = (url: string) =>
      lines.filter((line) => line.includes('request completed') && line.includes(url));

    const feed = await t.app.inject({ method: 'GET', url: address });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(feedToken);
    const again = await t.app.inject({
      method: 'GET',
      url: address,
      headers: { 'if-none-match': String(feed.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'HEAD', url: address })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${address}?from=${feedToken}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/feeds/me/${feedToken}.atom/` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: address })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/feeds/me/${feedToken}.xml` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/feeds/me/${feedToken}x.atom` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/FEEDS/ME/${feedToken}.atom` })).statusCode).toBe(404);

    // The reader asks for a new address: the old one is answered 404, and neither is logged.
    const renewed = await call<{ data: { feed_url: string } }>(t.app, {
      method: 'POST',
      url: '/api/notification-settings/feed-token',
      token: reader.token,
    });
    expect(renewed.status).toBe(200);
    const newToken = await feedTokenOf(reader.token);
    expect(newToken).not.toBe(feedToken);
    expect((await t.app.inject({ method: 'GET', url: `/feeds/me/${newToken}.atom` })).statusCode).toBe(200);

    // The database fails while reading the feed, with an error that quotes the token it was asked for.
    const repository = t.core.alerts.repositories.notifications;
    const failing = vi.spyOn(repository, 'feedVersion').mockImplementation(async (token: string) => {
      throw new Error(`could not read the reader of feed token ${token}`);
    });
    try {
      const failed = await t.app.inject({ method: 'GET', url: `/feeds/me/${newToken}.atom?again=1` });
      expect(failed.statusCode).toBe(500);
    } finally {
      failing.mockRestore();
    }

    const log = lines.join('');
    expect(log).toContain('could not read the reader of feed token [redacted]');
    expect(seen('/feeds/me/[redacted]').length).toBeGreaterThanOrEqual(10);
    expect(seen('/FEEDS/ME').length + seen(feedToken).length).toBe(0);
    for (const token of [feedToken, newToken]) {
      expect(token).toHaveLength(32);
      expect(log, 'a feed token in the log').not.toContain(token);
    }
  });
});

import type { PositionResult } from '@rrc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, captureRisingStars, createTestApp, registerUser } from '../../../test/test-app.ts';

// The Position Calculator for any fiction: one the site has never seen is looked up on Royal Road when a
// visitor asks (through the interactive queue, a few an hour per address), then placed.

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() =>
  createTestApp(
    { ROYALROAD_BASE_URL: fake.url, ADMIN_EMAILS: 'boss@example.com' },
    { genres: ['main', 'fantasy'] },
  ),
);

beforeEach(async () => {
  const admin = await registerUser(t.app, { email: 'boss@example.com' });
  await captureRisingStars(t, admin.token);
  fake.requests.length = 0;
});

const position = (royalroadId: number, address = '203.0.113.7') =>
  call<{ success: boolean; data: PositionResult; error?: string }>(t.app, {
    method: 'GET',
    url: `/api/rising-stars-position/${royalroadId}`,
    remoteAddress: address,
  });

/** Fictions on the fake Royal Road that no list shows, so the site has never seen them. */
const unseen = (count: number) => Array.from({ length: count }, () => fake.site.addFiction());

describe('the Position Calculator for a fiction the site has never seen', () => {
  it('looks it up on Royal Road once, keeps it, and places it', async () => {
    const [fiction] = unseen(1);
    if (!fiction) throw new Error('no fiction');
    expect(await t.services.fictions.findByRoyalroadId(fiction.id)).toBeUndefined();

    const response = await position(fiction.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      fiction: { royalroad_id: fiction.id, title: fiction.title, author_name: fiction.authorName },
      status: 'unranked',
      estimate: null,
      lists: [],
      message: 'This fiction is not on any Rising Stars list right now, so there is no position to estimate.',
    });
    expect(fake.requests.map((request) => request.path)).toEqual([`/fiction/${fiction.id}`]);
    expect((await t.services.fictions.findByRoyalroadId(fiction.id))?.title).toBe(fiction.title);

    // Known now: its page on the site works, and asking again does not go to Royal Road.
    const page = await call(t.app, { method: 'GET', url: `/api/fictions/${fiction.id}` });
    expect(page.status).toBe(200);
    expect((await position(fiction.id, '198.51.100.1')).status).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });

  it('says "Fiction not found on Royal Road" for an id Royal Road does not have, and stores nothing', async () => {
    const before = await t.database.db.selectFrom('fictions').select('id').execute();
    const response = await position(987_654_321);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Fiction not found on Royal Road' });
    expect(await t.database.db.selectFrom('fictions').select('id').execute()).toHaveLength(before.length);
  });

  it('places a fiction the site knows without asking Royal Road, however often', async () => {
    const ranked = (fake.site.risingStars('fantasy') ?? [])[0] as number;
    for (let i = 0; i < 15; i++) expect((await position(ranked)).status).toBe(200);
    expect(fake.requests).toHaveLength(0);
  });

  it('lets one address look up 10 new fictions an hour; others are not affected', async () => {
    const fictions = unseen(12);
    for (const fiction of fictions.slice(0, 10)) expect((await position(fiction.id)).status).toBe(200);
    const limited = await position((fictions[10] as { id: number }).id);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      error:
        'You have looked up 10 fictions new to this site in the last hour. Please try again in about an hour.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(fake.requests).toHaveLength(10);
    expect((await position((fictions[10] as { id: number }).id, '198.51.100.2')).status).toBe(200);
  });

  it('refuses a sixth look-up from an address that already has five waiting for Royal Road', async () => {
    const fictions = unseen(6);
    fake.behave({ path: /^\/fiction\/\d+$/, delayMs: 300, times: 5 });
    const waiting = fictions.slice(0, 5).map((fiction) => position(fiction.id));
    while (t.services.client.queues.sizes.interactive < 4)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const sixth = await position((fictions[5] as { id: number }).id);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe(
      '5 requests from your address are already waiting for Royal Road. Please wait until they are done.',
    );
    for (const answer of await Promise.all(waiting)) expect(answer.status).toBe(200);
  });

  it('answers busy with a minute to wait when the interactive queue is full', async () => {
    fake.behave({ path: /^\/fiction\/\d+$/, delayMs: 100, times: 21 });
    const queued = fake.site
      .fictions()
      .slice(0, 21)
      .map((fiction) => t.services.client.get(`/fiction/${fiction.id}`, { queue: 'interactive' }));
    const [fiction] = unseen(1);
    const busy = await position((fiction as { id: number }).id);
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('60');
    expect(busy.body).toEqual({
      success: false,
      error: 'Royal Road is busy right now. Please try again in a minute.',
    });
    await Promise.all(queued);
    expect((await position((fiction as { id: number }).id)).status).toBe(200);
  });
});

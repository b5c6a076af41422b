import type { AuthorEvent, ClaimState, Desk, DeskWeek } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { mailCatcherForFile, nthMessageTo } from '../../../test/mail.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';
import { authorRepository } from './author.repository.ts';
import { authorService } from './author.service.ts';
import { deskRepository } from './desk.repository.ts';
import { authorReport, authorReportText } from './weekly-report.ts';

// Claiming a fiction by a code placed on Royal Road, and the events its claimant marks. Both sides are played:
// the reader here, the author's page and profile through the fake Royal Road.

const fake = fakeRoyalRoadForFile();
const mail = mailCatcherForFile();
const t = testAppForEach(() =>
  createTestApp({ ROYALROAD_BASE_URL: fake.url, SMTP_URL: mail.smtpUrl, PUBLIC_URL: 'https://rrc.example' }),
);
const DAY_MS = 24 * 60 * 60 * 1000;

/** A fiction of the fake site, stored here (added to a reader's list by its link). */
async function storedFiction(token: string, index = 0): Promise<number> {
  const royalroadId = fake.site.fictions()[index]?.id as number;
  const added = await call(t.app, {
    method: 'POST',
    url: '/api/royalroad/add-fiction',
    token,
    payload: { url: String(royalroadId) },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return royalroadId;
}

/** Replaces the stored snapshots of the fiction `royalroadId` with followers alone, one row per point. */
async function followersHistory(royalroadId: number, points: Array<{ at: number; followers: number }>) {
  const { db } = t.database;
  const fiction = await db
    .selectFrom('fictions')
    .select('id')
    .where('royalroad_id', '=', royalroadId)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('fiction_snapshots').where('fiction_id', '=', fiction.id).execute();
  const unknown = { pages: null, ratings: null, favorites: null, total_views: null, average_views: null };
  const unscored = { overall_score: null, style_score: null, story_score: null, grammar_score: null };
  const rows = points.map(({ at, followers }) => ({
    fiction_id: fiction.id,
    captured_at: new Date(at).toISOString(),
    followers,
    ...unknown,
    ...unscored,
    character_score: null,
    chapter_count: null,
  }));
  await db.insertInto('fiction_snapshots').values(rows).execute();
}

const claim = (royalroadId: number, token?: string) =>
  call<{ data: { code: string; expiresAt: string }; error?: string }>(t.app, {
    method: 'POST',
    url: `/api/fictions/${royalroadId}/claim`,
    token,
  });
const check = (royalroadId: number, token: string) =>
  call<{ data: { status: string; verified_in: string }; error: string }>(t.app, {
    method: 'POST',
    url: `/api/fictions/${royalroadId}/claim/check`,
    token,
  });
const stateOf = async (royalroadId: number, token?: string) =>
  (
    await call<{ data: ClaimState }>(t.app, {
      method: 'GET',
      url: `/api/fictions/${royalroadId}/claim`,
      token,
    })
  ).body.data;
const authorEvents = async (royalroadId: number, token?: string) => {
  const response = await call<{ data: { events: AuthorEvent[]; claimant: boolean } }>(t.app, {
    method: 'GET',
    url: `/api/fictions/${royalroadId}/author-events`,
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data;
};

/** A reader who claimed `royalroadId` with the code placed in its description. */
async function claimant(royalroadId: number, token: string) {
  const made = await claim(royalroadId, token);
  expect(made.status).toBe(201);
  fake.site.setPage(royalroadId, { description: [`A story. Claim: ${made.body.data.code}`] });
  expect((await check(royalroadId, token)).status).toBe(200);
}

describe('claiming a fiction', () => {
  it('is verified only once the code is on the profile or the page, with a message saying where it looked', async () => {
    const reader = await registerUser(t.app, { name: 'Ada' });
    const id = await storedFiction(reader.token);

    expect((await claim(id)).status).toBe(401);
    const unverified = await registerUser(t.app, { verified: false });
    expect((await claim(id, unverified.token)).status).toBe(403);
    expect((await claim(99_999_999, reader.token)).status).toBe(404);

    const made = await claim(id, reader.token);
    expect(made.status).toBe(201);
    const { code, expiresAt } = made.body.data;
    expect(code).toMatch(/^rrc-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(Date.parse(expiresAt) - t.clock.now.getTime()).toBe(7 * DAY_MS);
    // Asked again while it is good: the same code.
    expect((await claim(id, reader.token)).body.data.code).toBe(code);
    expect(await stateOf(id)).toEqual({ claimed: false, yours: null });

    const authorId = fake.site.fiction(id)?.authorId as number;
    const missing = await check(id, reader.token);
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe(
      `The code ${code} is not in the fiction's description on Royal Road nor in the bio of its author's profile (royalroad.com/profile/${authorId}). Place it there, save, and check again; you can take it out once the claim is verified.`,
    );
    expect(await stateOf(id, reader.token)).toMatchObject({
      claimed: false,
      yours: { code, verified_at: null },
    });

    // The author places it in their profile's bio (the fake's control endpoint, as a test outside would).
    const placed = await fetch(`${fake.url}/__fake/site/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: authorId, bio: `I write fantasy.\nRR Companion: ${code.toLowerCase()}` }),
    });
    expect(placed.status).toBe(200);
    const verified = await check(id, reader.token);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toEqual({ status: 'verified', verified_in: 'profile' });
    expect(fake.requests.map((request) => request.path)).toContain(`/profile/${authorId}`);
    expect(await stateOf(id)).toEqual({ claimed: true, yours: null });
    expect(await stateOf(id, reader.token)).toMatchObject({
      claimed: true,
      yours: { code, verified_in: 'profile', verified_at: t.clock.now.toISOString() },
    });
    expect((await claim(id, reader.token)).status).toBe(409);
  });

  it('has one verified claimant: a newer one replaces the older, who is told by mail; a claim can be given up', async () => {
    const first = await registerUser(t.app, { email: 'first@example.com', name: 'First' });
    const second = await registerUser(t.app, { email: 'second@example.com' });
    const id = await storedFiction(first.token);
    await claimant(id, first.token);
    await claimant(id, second.token);
    expect(await stateOf(id, first.token)).toEqual({ claimed: true, yours: null });
    expect((await stateOf(id, second.token)).yours?.verified_in).toBe('description');
    const told = await nthMessageTo(mail, { to: 'first@example.com', subject: 'was replaced' });
    expect(told.subject).toBe(`Your claim on "${fake.site.fiction(id)?.title}" was replaced`);
    expect(told.text).toContain(`https://rrc.example/fiction/${id}`);

    const given = await call(t.app, {
      method: 'DELETE',
      url: `/api/fictions/${id}/claim`,
      token: second.token,
    });
    expect(given.status).toBe(200);
    expect(await stateOf(id)).toEqual({ claimed: false, yours: null });
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/fictions/${id}/claim`, token: second.token })).status,
    ).toBe(404);
  });

  it('keeps to its limits: a few checks of a claim an hour, a few open claims per account', async () => {
    const reader = await registerUser(t.app);
    const ids = [];
    for (let index = 0; index < 4; index++) ids.push(await storedFiction(reader.token, index));
    const [a, b, c, d] = ids as [number, number, number, number];
    for (const id of [a, b, c]) expect((await claim(id, reader.token)).status).toBe(201);
    const fourth = await claim(d, reader.token);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toBe(
      'You have 3 claims waiting for their check. Check them, give them up, or let them expire before asking for another.',
    );
    for (let n = 0; n < 5; n++) expect((await check(a, reader.token)).status).toBe(422);
    const sixth = await check(a, reader.token);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/^You checked this claim 5 times in the last hour\. Try again in /);
    // An expired code is refused with what to do, and its fiction may be asked for again.
    t.clock.advance(8 * DAY_MS);
    const expired = await check(b, reader.token);
    expect(expired.status).toBe(422);
    expect(expired.body.error).toMatch(/has expired\. Ask for a new claim code\.$/);
    expect((await claim(d, reader.token)).status).toBe(201);
  });
});

describe("the claimant's events", () => {
  it('are private to the claimant unless public; nobody else writes them; a shoutout tracks its partner', async () => {
    const author = await registerUser(t.app);
    const reader = await registerUser(t.app);
    const id = await storedFiction(author.token);
    await claimant(id, author.token);
    const partnerId = fake.site.fictions()[5]?.id as number;

    const added = await call<{ data: AuthorEvent }>(t.app, {
      method: 'POST',
      url: `/api/fictions/${id}/events`,
      token: author.token,
      payload: {
        kind: 'shoutout',
        at: t.clock.now.toISOString(),
        note: 'Swapped with a friend',
        partnerRoyalroadId: partnerId,
        link: 'https://www.royalroad.com/forums/thread/1',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const event = added.body.data;
    expect(event).toMatchObject({
      kind: 'shoutout',
      source: 'author',
      public: false,
      note: 'Swapped with a friend',
      partner: { royalroad_id: partnerId, title: fake.site.fiction(partnerId)?.title },
    });
    expect(event.effect).toEqual({ reason: expect.stringMatching(/^Too few snapshots before it/) });

    expect(await authorEvents(id, author.token)).toEqual({ events: [event], claimant: true });
    expect(await authorEvents(id)).toEqual({ events: [], claimant: false });
    expect(await authorEvents(id, reader.token)).toEqual({ events: [], claimant: false });

    const url = `/api/fictions/${id}/events/${event.id}`;
    for (const [method, payload] of [
      ['PATCH', { note: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(t.app, { method, url, payload })).status).toBe(401);
      expect((await call(t.app, { method, url, token: reader.token, payload })).status).toBe(403);
    }
    const foreign = await call(t.app, {
      method: 'POST',
      url: `/api/fictions/${id}/events`,
      token: reader.token,
      payload: { kind: 'ad', at: t.clock.now.toISOString() },
    });
    expect(foreign.status).toBe(403);

    for (const payload of [
      { kind: 'bribe', at: t.clock.now.toISOString() },
      { kind: 'ad', at: 'yesterday-ish' },
      { kind: 'ad', at: '2026-07-10T00:00:00Z', endAt: '2026-07-09T00:00:00Z' },
      { kind: 'ad', at: '2026-07-10T00:00:00Z', link: 'javascript:alert(1)' },
    ]) {
      const bad = await call<{ error: string }>(t.app, {
        method: 'POST',
        url: `/api/fictions/${id}/events`,
        token: author.token,
        payload,
      });
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.error).toMatch(
        /kind must be one of|at must be a date|endAt must not be before at|link must be an http/,
      );
    }

    const shown = await call<{ data: AuthorEvent }>(t.app, {
      method: 'PATCH',
      url,
      token: author.token,
      payload: { public: true },
    });
    expect(shown.status).toBe(200);
    expect((await authorEvents(id)).events.map((each) => each.id)).toEqual([event.id]);

    // The partner is tracked from now on: the nightly refresh visits it.
    const tracked = await t.services.fictions.trackedFictions('2099-01-01T00:00:00.000Z');
    expect(tracked.map((fiction) => fiction.royalroadId)).toContain(partnerId);

    expect((await call(t.app, { method: 'DELETE', url, token: author.token })).status).toBe(200);
    expect((await call(t.app, { method: 'DELETE', url, token: author.token })).status).toBe(404);
    expect((await authorEvents(id, author.token)).events).toEqual([]);
  });

  it('each has its effect on followers against the trend before it, or a reason; the desk orders them by it', async () => {
    const author = await registerUser(t.app);
    const id = await storedFiction(author.token);
    await claimant(id, author.token);
    // 40 days of snapshots: 10 followers a day, and 30 a day in the week after day 20 (a shoutout that worked).
    const start = t.clock.now.getTime() - 40 * DAY_MS;
    const points: Array<{ at: number; followers: number }> = [];
    let followers = 100;
    for (let day = 0; day <= 40; day++) {
      if (day > 0) followers += day > 20 && day <= 27 ? 30 : 10;
      points.push({ at: start + day * DAY_MS, followers });
    }
    await followersHistory(id, points);
    const mark = async (kind: string, day: number) => {
      const response = await call<{ data: AuthorEvent }>(t.app, {
        method: 'POST',
        url: `/api/fictions/${id}/events`,
        token: author.token,
        payload: { kind, at: new Date(start + day * DAY_MS).toISOString() },
      });
      expect(response.status).toBe(201);
      return response.body.data;
    };
    const shoutout = await mark('shoutout', 20);
    const post = await mark('post', 30);
    const late = await mark('ad', 38);
    expect(shoutout.effect).toMatchObject({ gained: 210, expected: 70, excess: 140 });
    if (!('expected' in shoutout.effect)) throw new Error('no effect');
    expect(shoutout.effect.low).toBeLessThanOrEqual(shoutout.effect.expected);
    expect(shoutout.effect.high).toBeGreaterThanOrEqual(shoutout.effect.expected);
    expect(shoutout.effect.high).toBeLessThan(210);
    expect(post.effect).toHaveProperty('excess');
    if (!('excess' in post.effect)) throw new Error('no effect');
    expect(post.effect.excess).toBeLessThan(0);
    expect(late.effect).toEqual({
      reason: 'The week after it is not over yet in the snapshots: 2 of 7 days captured.',
    });

    const desk = await call<{ data: Desk }>(t.app, { method: 'GET', url: '/api/desk', token: author.token });
    expect(desk.status).toBe(200);
    expect(desk.body.data.fictions).toHaveLength(1);
    expect(desk.body.data.fictions[0]?.what_worked.map((event) => event.kind)).toEqual([
      'shoutout',
      'post',
      'ad',
    ]);
  });
});

describe("the author's weekly report", () => {
  it('tells the week: followers and best day, places, changes, what was done with its effect, the heading', async () => {
    const author = await registerUser(t.app, { email: 'writer@example.com' });
    const id = await storedFiction(author.token);
    await claimant(id, author.token);
    // Three weeks of snapshots, 10 followers a day, and 40 on the best day of the last week.
    const now = t.clock.now.getTime();
    const points: Array<{ at: number; followers: number }> = [];
    for (let day = 21; day >= 1; day--) {
      points.push({ at: now - day * DAY_MS, followers: 1000 - day * 10 + (day <= 3 ? 30 : 0) });
    }
    await followersHistory(id, points);
    const marked = await call(t.app, {
      method: 'POST',
      url: `/api/fictions/${id}/events`,
      token: author.token,
      payload: { kind: 'ad', at: new Date(now - 12 * DAY_MS).toISOString(), note: 'Ad on the forums' },
    });
    expect(marked.status).toBe(201);

    const { db } = t.database;
    const authorRows = authorRepository(db);
    const report = await authorReport(
      {
        desk: deskRepository(db),
        author: authorRows,
        authorService: authorService({ author: authorRows, risingStars: t.core.risingStars }),
      },
      author.user.id,
      t.clock.now,
    );
    expect(report.fictions).toHaveLength(1);
    const week = report.fictions[0];
    expect(week?.gained).toBe(100);
    expect(week?.bestDay).toEqual({
      date: new Date(now - 3 * DAY_MS).toISOString().slice(0, 10),
      gained: 40,
    });
    expect(week?.did).toHaveLength(1);
    expect(week?.did[0]?.effect).toHaveProperty('gained');
    expect(week?.projection.available).toBe(true);
    const text = authorReportText(report, 'https://rrc.example');
    expect(text).toMatch(/^Your week on RR Companion, /);
    expect(text).toContain('Followers: +100 this week');
    expect(text).toContain('- Ad, ');
    expect(text).toContain('(Ad on the forums): +');
    expect(text).toContain("Where it's heading:\n- In 7 days: ");
    expect(text).toContain('Your desk: https://rrc.example/desk');

    // The same week on the desk, for its claimant only.
    const onDesk = await call<{ data: DeskWeek }>(t.app, {
      method: 'GET',
      url: '/api/desk/week',
      token: author.token,
    });
    expect(onDesk.status).toBe(200);
    expect(onDesk.body.data.fictions).toEqual([
      expect.objectContaining({ royalroad_id: id, gained: 100, best_day: week?.bestDay }),
    ]);
    const other = await registerUser(t.app);
    const theirs = await call<{ data: DeskWeek }>(t.app, {
      method: 'GET',
      url: '/api/desk/week',
      token: other.token,
    });
    expect(theirs.body.data.fictions).toEqual([]);
  });
});

describe("Monday's mail", () => {
  it('sends the week to each claimant who asked for it, and to nobody else', async () => {
    const asked = await registerUser(t.app, { email: 'asked@example.com', name: 'Asker' });
    const quiet = await registerUser(t.app, { email: 'quiet@example.com' });
    const first = await storedFiction(asked.token, 0);
    const second = await storedFiction(quiet.token, 1);
    await claimant(first, asked.token);
    await claimant(second, quiet.token);
    const optIn = await call<{ data: { author_report: boolean } }>(t.app, {
      method: 'PUT',
      url: '/api/notification-settings',
      token: asked.token,
      payload: { author_report: true },
    });
    expect(optIn.status).toBe(200);
    expect(optIn.body.data.author_report).toBe(true);

    const id = (await t.core.jobs.enqueue('author-report', { trigger: 'manual' })) as number;
    await t.services.runner.pump();
    const run = await t.services.runner.waitFor(id, 10_000);
    expect(run?.status, run?.error ?? '').toBe('succeeded');
    expect(JSON.parse(run?.counts ?? '{}')).toMatchObject({ readers: 1, sent: 1, failed: 0 });
    const mailed = await nthMessageTo(mail, {
      to: 'asked@example.com',
      subject: 'Your week on RR Companion',
    });
    expect(mailed.text).toContain('Hi Asker,');
    expect(mailed.text).toContain(fake.site.fiction(first)?.title ?? '');
    expect(mailed.text).toContain("Where it's heading:");
    expect(mailed.links).toContain('https://rrc.example/desk');
    expect(
      mail
        .messages()
        .filter(
          (message) => message.to.includes('quiet@example.com') && message.subject.startsWith('Your week'),
        ),
    ).toHaveLength(0);
  });
});

import type { MainList, SnapshotPoint } from '@rrc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Database } from '../db/database.ts';
import {
  ADMIN_EMAIL,
  DEMO_PASSWORD,
  DemoDataExistsError,
  type DemoSummary,
  HEAVY_EMAIL,
  SCALES,
  seedDemo,
} from './seed-demo.ts';

// The test clock is 2026-11-21T12:00Z: the demo ends at that day's midnight, so its data is recent.
const END = new Date('2026-11-21T00:00:00.000Z');
const small = SCALES.small;
const LISTS = 70;

let app: TestApp;
let summary: DemoSummary;
/** The rows right after seeding (signing in changes an account's last_seen_at). */
let expected: Awaited<ReturnType<typeof sample>>;

beforeAll(async () => {
  app = await createTestApp();
  summary = await seedDemo(app.database, { scale: 'small', end: END, now: () => app.clock.now });
  expected = await sample(app.database);
});

afterAll(async () => {
  await app?.close();
});

async function count(
  database: Database,
  table:
    | 'fictions'
    | 'fiction_snapshots'
    | 'rising_star_captures'
    | 'rising_star_entries'
    | 'users'
    | 'user_fictions'
    | 'fiction_events'
    | 'notifications',
) {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A sample of every kind of demo row, without the ids the database assigned. */
async function sample(database: Database) {
  const db = database.db;
  const fictions = await db.selectFrom('fictions').selectAll().orderBy('royalroad_id').execute();
  const snapshots = await db
    .selectFrom('fiction_snapshots')
    .innerJoin('fictions', 'fictions.id', 'fiction_snapshots.fiction_id')
    .select(['fictions.royalroad_id', 'fiction_snapshots.captured_at', 'fiction_snapshots.followers'])
    .select([
      'fiction_snapshots.total_views',
      'fiction_snapshots.chapter_count',
      'fiction_snapshots.overall_score',
    ])
    .where('fictions.royalroad_id', 'in', [1_000_000, 1_000_031, 1_000_099])
    .orderBy('fictions.royalroad_id')
    .orderBy('fiction_snapshots.captured_at')
    .execute();
  const entries = await db
    .selectFrom('rising_star_entries')
    .innerJoin('rising_star_captures', 'rising_star_captures.id', 'rising_star_entries.capture_id')
    .innerJoin('fictions', 'fictions.id', 'rising_star_entries.fiction_id')
    .select(['rising_star_captures.captured_at', 'rising_star_entries.genre', 'rising_star_entries.position'])
    .select(['fictions.royalroad_id', 'rising_star_captures.finished_at'])
    .where('rising_star_entries.genre', 'in', ['main', 'fantasy', 'sports'])
    .orderBy('rising_star_captures.captured_at')
    .orderBy('rising_star_entries.genre')
    .orderBy('rising_star_entries.position')
    .execute();
  const users = await db
    .selectFrom('users')
    .select(['email', 'name', 'admin', 'created_at', 'last_seen_at'])
    .orderBy('email')
    .execute();
  const lists = await db
    .selectFrom('user_fictions')
    .innerJoin('users', 'users.id', 'user_fictions.user_id')
    .innerJoin('fictions', 'fictions.id', 'user_fictions.fiction_id')
    .select(['users.email', 'fictions.royalroad_id', 'user_fictions.status', 'user_fictions.is_favorite'])
    .select(['user_fictions.favorite_position', 'user_fictions.current_chapter', 'user_fictions.created_at'])
    .orderBy('users.email')
    .orderBy('fictions.royalroad_id')
    .execute();
  return {
    fictions: fictions.map(({ id: _id, ...row }) => row),
    snapshots,
    entries,
    users,
    lists,
  };
}

describe('seed-demo, small scale', () => {
  it('writes the planned counts', async () => {
    const captures = small.risingStarsDays * small.capturesPerDay;
    expect(summary.counts).toMatchObject({
      fictions: small.fictions,
      captures,
      entries: captures * LISTS * small.listSize,
      users: small.readers + 2,
    });
    const db = app.database;
    expect(await count(db, 'fictions')).toBe(small.fictions);
    expect(await count(db, 'fiction_snapshots')).toBe(summary.counts.snapshots);
    expect(await count(db, 'rising_star_captures')).toBe(captures);
    expect(await count(db, 'rising_star_entries')).toBe(captures * LISTS * small.listSize);
    expect(await count(db, 'users')).toBe(small.readers + 2);
    expect(await count(db, 'user_fictions')).toBe(summary.counts.listEntries);
    expect(summary.counts.listEntries).toBeGreaterThan(small.heavyEntries);

    // Only the first fictions have a history, fiction 1000000 the whole window.
    const withHistory = await db.db
      .selectFrom('fiction_snapshots')
      .innerJoin('fictions', 'fictions.id', 'fiction_snapshots.fiction_id')
      .select((eb) => [
        eb.fn.min<number>('fictions.royalroad_id').as('first'),
        eb.fn.max<number>('fictions.royalroad_id').as('last'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(withHistory.first)).toBe(1_000_000);
    expect(Number(withHistory.last)).toBeLessThan(1_000_000 + small.historyFictions);
    expect(summary.wellKnown.mostFollowed).toMatchObject({
      royalroadId: 1_000_000,
      snapshots: small.historyDays,
    });

    // Every list of every capture holds 50 fictions, places 1 to 50, all before the end date.
    const lists = await db.db
      .selectFrom('rising_star_entries')
      .select((eb) => [
        'capture_id',
        'genre',
        eb.fn.countAll<number>().as('n'),
        eb.fn.min<number>('position').as('low'),
        eb.fn.max<number>('position').as('high'),
      ])
      .groupBy(['capture_id', 'genre'])
      .execute();
    expect(lists).toHaveLength(captures * LISTS);
    expect(
      lists.every((row) => Number(row.n) === 50 && Number(row.low) === 1 && Number(row.high) === 50),
    ).toBe(true);
    const latest = await db.db
      .selectFrom('rising_star_captures')
      .select((eb) => eb.fn.max('captured_at').as('at'))
      .executeTakeFirstOrThrow();
    expect(new Date(String(latest.at)).getTime()).toBeLessThan(END.getTime());
    expect(new Date(String(latest.at)).getTime()).toBeGreaterThan(END.getTime() - 86_400_000);
  });

  it('gives the heavy reader exactly 500 favorites, in order, most with Rising Stars records', async () => {
    const heavy = await app.database.db
      .selectFrom('user_fictions')
      .innerJoin('users', 'users.id', 'user_fictions.user_id')
      .select(['user_fictions.is_favorite', 'user_fictions.favorite_position', 'user_fictions.fiction_id'])
      .where('users.email', '=', HEAVY_EMAIL)
      .orderBy('user_fictions.favorite_position')
      .execute();
    expect(heavy).toHaveLength(500);
    expect(heavy.every((row) => Boolean(row.is_favorite))).toBe(true);
    expect(heavy.map((row) => row.favorite_position)).toEqual(Array.from({ length: 500 }, (_, k) => k + 1));
    const ranked = await app.database.db
      .selectFrom('rising_star_entries')
      .select('fiction_id')
      .distinct()
      .execute();
    const onRisingStars = new Set(ranked.map((row) => row.fiction_id));
    expect(heavy.filter((row) => onRisingStars.has(row.fiction_id)).length).toBeGreaterThan(250);
    expect(summary.wellKnown.heavy.favorites).toBe(500);
  });

  it("records the main list's entries and exits, and notifies the readers whose lists hold them", async () => {
    const db = app.database.db;
    expect(await count(app.database, 'fiction_events')).toBe(summary.counts.events);
    expect(await count(app.database, 'notifications')).toBe(summary.counts.notifications);
    expect(summary.counts.notifications).toBeGreaterThan(0);

    // A capture's entries are the fictions on its main list that the capture before did not hold: the
    // latest capture with any, against the one before it.
    const last = await db
      .selectFrom('fiction_events')
      .select((eb) => eb.fn.max('occurred_at').as('at'))
      .where('kind', '=', 'rs_entered')
      .executeTakeFirstOrThrow();
    const [latest, before] = await db
      .selectFrom('rising_star_captures')
      .select(['id', 'captured_at'])
      .where('captured_at', '<=', String(last.at))
      .orderBy('captured_at', 'desc')
      .limit(2)
      .execute();
    const mainOf = async (captureId: number) =>
      (
        await db
          .selectFrom('rising_star_entries')
          .select(['fiction_id', 'position'])
          .where('capture_id', '=', captureId)
          .where('genre', '=', 'main')
          .execute()
      ).map((row) => ({ fiction_id: row.fiction_id, position: row.position }));
    const now = await mainOf(latest?.id as number);
    const earlier = new Set((await mainOf(before?.id as number)).map((row) => row.fiction_id));
    const entered = await db
      .selectFrom('fiction_events')
      .select(['fiction_id', 'event_key', 'data'])
      .where('kind', '=', 'rs_entered')
      .where('occurred_at', '=', latest?.captured_at as string)
      .orderBy('fiction_id')
      .execute();
    expect(entered.length).toBeGreaterThan(0);
    expect(entered).toEqual(
      now
        .filter((row) => !earlier.has(row.fiction_id))
        .sort((a, b) => a.fiction_id - b.fiction_id)
        .map((row) => ({
          fiction_id: row.fiction_id,
          event_key: `rs_entered:main:after-${before?.id}`,
          data: JSON.stringify({ genre: 'main', position: row.position }),
        })),
    );

    // Each notification is of an entry (watched by default) of a fiction the reader listed before it.
    const stray = await db
      .selectFrom('notifications')
      .innerJoin('fiction_events', 'fiction_events.id', 'notifications.event_id')
      .leftJoin('user_fictions', (join) =>
        join
          .onRef('user_fictions.user_id', '=', 'notifications.user_id')
          .onRef('user_fictions.fiction_id', '=', 'fiction_events.fiction_id')
          .onRef('user_fictions.created_at', '<=', 'fiction_events.occurred_at'),
      )
      .select('notifications.id')
      .where((eb) =>
        eb.or([eb('user_fictions.id', 'is', null), eb('fiction_events.kind', '!=', 'rs_entered')]),
      )
      .execute();
    expect(stray).toEqual([]);
  });

  it('makes the API answer: main list, history, favorites and their badges', async () => {
    const main = await call<{ data: MainList }>(app.app, { method: 'GET', url: '/api/rising-stars-main' });
    expect(main.status).toBe(200);
    expect(main.body.data.entries).toHaveLength(50);
    expect(main.body.data.entries[0]?.royalroad_id).toBe(summary.wellKnown.topOfMain.royalroadId);
    expect(main.body.data.entries.some((entry) => entry.movement !== 'new')).toBe(true);

    const history = await call<{ data: { royalroad_id: number; points: SnapshotPoint[] } }>(app.app, {
      method: 'GET',
      url: '/api/fictions/1000000/history',
    });
    expect(history.status).toBe(200);
    const points = history.body.data.points;
    expect(points).toHaveLength(small.historyDays);
    for (let k = 1; k < points.length; k++) {
      expect(points[k]?.followers).toBeGreaterThanOrEqual(points[k - 1]?.followers as number);
    }
    expect(points.at(-1)?.followers).toBe(summary.wellKnown.mostFollowed.followers);

    const login = await call<{ data: { token: string } }>(app.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: HEAVY_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const favorites = await call<{
      data: {
        userFictions: Array<{ fiction_id: number; favorite_position: number }>;
        pagination: { total: number };
      };
    }>(app.app, {
      method: 'GET',
      url: '/api/userFictions/favorites?limit=1000',
      token: login.body.data.token,
    });
    expect(favorites.status).toBe(200);
    expect(favorites.body.data.pagination.total).toBe(500);
    expect(favorites.body.data.userFictions).toHaveLength(500);

    const ids = favorites.body.data.userFictions.map((entry) => entry.fiction_id).join(',');
    const badges = await call<{ data: { badges: Record<string, unknown[]> } }>(app.app, {
      method: 'GET',
      url: `/api/rising-stars/latest?fictionIds=${ids}`,
    });
    expect(badges.status).toBe(200);
    expect(Object.keys(badges.body.data.badges).length).toBeGreaterThan(200);

    const admin = await call<{ data: { user: { admin: boolean } } }>(app.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
    });
    expect(admin.body.data.user.admin).toBe(true);
  });

  it('refuses to seed a database that has demo data, and changes nothing', async () => {
    const before = await count(app.database, 'fictions');
    await expect(seedDemo(app.database, { scale: 'small', end: END })).rejects.toBeInstanceOf(
      DemoDataExistsError,
    );
    expect(await count(app.database, 'fictions')).toBe(before);
  });

  // Three demo loads in two databases: allow for a busy machine.
  it('gives the same rows in another database, and --replace leaves other rows alone', {
    timeout: 60_000,
  }, async () => {
    const other = await createTestApp();
    try {
      // Rows that are not demo data: a fiction, an account with a list entry, a capture.
      const now = '2026-11-01T10:00:00.000Z';
      const fiction = await other.database.db
        .insertInto('fictions')
        .values({
          royalroad_id: 12_345,
          title: 'Not a demo',
          tags: '[]',
          warnings: '[]',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await other.database.db
        .insertInto('users')
        .values({
          email: 'someone@example.com',
          name: 'Someone',
          admin: false,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await other.database.db
        .insertInto('user_fictions')
        .values({
          user_id: user.id,
          fiction_id: fiction.id,
          status: 'reading',
          is_favorite: false,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await other.database.db
        .insertInto('rising_star_captures')
        .values({ captured_at: now, status: 'complete', genres_total: 1 })
        .execute();

      await seedDemo(other.database, { scale: 'small', end: END });
      const demoOnly = (rows: Awaited<ReturnType<typeof sample>>) => ({
        ...rows,
        fictions: rows.fictions.filter((row) => row.royalroad_id !== 12_345),
        users: rows.users.filter((row) => row.email !== 'someone@example.com'),
        lists: rows.lists.filter((row) => row.email !== 'someone@example.com'),
      });
      expect(demoOnly(await sample(other.database))).toEqual(expected);

      // Replaced by a smaller demo (a day of captures), so this stays quick: other rows stay as they were.
      const tiny = { ...small, name: 'tiny', risingStarsDays: 1, readers: 5 };
      const replaced = await seedDemo(other.database, { scale: tiny, end: END, replace: true });
      expect(replaced.counts).toMatchObject({ fictions: small.fictions, captures: 4, users: 7 });
      expect(await count(other.database, 'fictions')).toBe(small.fictions + 1);
      expect(await count(other.database, 'rising_star_captures')).toBe(4 + 1);
      expect(await count(other.database, 'rising_star_entries')).toBe(4 * LISTS * small.listSize);
      expect(await count(other.database, 'users')).toBe(7 + 1);
      const kept = await other.database.db
        .selectFrom('user_fictions')
        .select('fiction_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(kept).toEqual([{ fiction_id: fiction.id }]);
      const runs = await sql<{
        n: number;
      }>`select count(*) as n from job_runs where job = 'seed-demo'`.execute(other.database.db);
      expect(Number(runs.rows[0]?.n)).toBe(1);
    } finally {
      await other.close();
    }
  });
});

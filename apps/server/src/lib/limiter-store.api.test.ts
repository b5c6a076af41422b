import { afterEach, describe, expect, it } from 'vitest';
import { createSharedTestDatabase, testDialect } from '../../test/test-app.ts';
import type { Database } from '../db/database.ts';
import { createLimiterStore, LIMITS_TABLE, memoryLimiterStore } from './limiter-store.ts';

// The limiter store on the database the suite runs on: rows of `rate_limits` on PostgreSQL, this process's
// memory on SQLite. Each test opens the database twice, as two instances of the site would.

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
afterEach(async () => {
  await shared?.close();
  shared = undefined;
});

async function twoConnections(): Promise<[Database, Database]> {
  shared = await createSharedTestDatabase();
  return [shared.open(), shared.open()];
}

describe('the limiter store', () => {
  it('admits up to the limit per key in a window, refuses without counting the refusal, then starts anew', async () => {
    const [database] = await twoConnections();
    let now = 1_000_000;
    const limit = createLimiterStore(database).limit({
      name: 'test',
      limit: 2,
      windowMs: 60_000,
      now: () => now,
    });
    expect(await limit.take('a')).toEqual({ ok: true });
    now += 10_000;
    expect(await limit.take('a')).toEqual({ ok: true });
    // The window began with the first event: 50 s left.
    expect(await limit.take('a')).toEqual({ ok: false, retryAfterMs: 50_000 });
    expect(await limit.take('a')).toEqual({ ok: false, retryAfterMs: 50_000 });
    expect(await limit.take('b')).toEqual({ ok: true });
    now += 50_000;
    expect(await limit.take('a')).toEqual({ ok: true });
    expect(await limit.take('a')).toEqual({ ok: true });
    expect((await limit.take('a')).ok).toBe(false);
  });

  it('gives back an event of the current window only, never below nothing', async () => {
    const [database] = await twoConnections();
    let now = 1_000_000;
    const limit = createLimiterStore(database).limit({
      name: 'test',
      limit: 2,
      windowMs: 60_000,
      now: () => now,
    });
    await limit.giveBack('nobody');
    expect(await limit.take('a')).toEqual({ ok: true });
    expect(await limit.take('a')).toEqual({ ok: true });
    await limit.giveBack('a');
    expect(await limit.take('a')).toEqual({ ok: true });
    expect((await limit.take('a')).ok).toBe(false);
    await limit.giveBack('a');
    await limit.giveBack('a');
    await limit.giveBack('a');
    expect((await limit.hit('a')).count).toBe(1);
    // A window that lapsed is not given back to: the next one starts from nothing, with no credit.
    now += 60_000;
    await limit.giveBack('a');
    expect(await limit.take('a')).toEqual({ ok: true });
    expect(await limit.take('a')).toEqual({ ok: true });
    expect((await limit.take('a')).ok).toBe(false);
  });

  it('keeps the counts of limits with different names apart', async () => {
    const [database] = await twoConnections();
    const store = createLimiterStore(database);
    const first = store.limit({ name: 'first', limit: 1, windowMs: 60_000 });
    const second = store.limit({ name: 'second', limit: 1, windowMs: 60_000 });
    expect(await first.take('key')).toEqual({ ok: true });
    expect(await second.take('key')).toEqual({ ok: true });
    expect((await first.take('key')).ok).toBe(false);
  });

  it('counts once for every instance on PostgreSQL, and per process on SQLite', async () => {
    const [one, other] = await twoConnections();
    const options = { name: 'sign-ins', limit: 3, windowMs: 60_000 };
    const here = createLimiterStore(one).limit(options);
    const there = createLimiterStore(other).limit(options);
    expect(createLimiterStore(one).shared).toBe(testDialect === 'postgres');
    for (let i = 0; i < 3; i++) expect(await here.take('203.0.113.9')).toEqual({ ok: true });
    const fourth = await there.take('203.0.113.9');
    if (testDialect === 'postgres') {
      expect(fourth.ok).toBe(false);
      // Counted in the table, and only there.
      const rows = await one.db
        .selectFrom(LIMITS_TABLE as never)
        .select(['key' as never, 'points' as never])
        .execute();
      expect(rows).toEqual([{ key: 'sign-ins:203.0.113.9', points: 3 }]);
    } else {
      expect(fourth.ok).toBe(true);
    }
  });

  it('admits exactly the limit of events asked for at once from two instances', async () => {
    const [one, other] = await twoConnections();
    const options = { name: 'burst', limit: 5, windowMs: 60_000 };
    const limits =
      testDialect === 'postgres'
        ? [createLimiterStore(one).limit(options), createLimiterStore(other).limit(options)]
        : [memoryLimiterStore().limit(options)];
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (limits[i % limits.length] ?? limits[0])?.take('key')),
    );
    expect(verdicts.filter((verdict) => verdict?.ok)).toHaveLength(5);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GENRE_SLUGS } from '@rrc/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile } from '../test/hooks.ts';
import { createSharedTestDatabase } from '../test/test-app.ts';
import type { Database } from './db/database.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

const fake = fakeRoyalRoadForFile();
let shared: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
afterEach(async () => {
  await shared?.close();
  shared = undefined;
});

function startCli(
  args: string[],
  databaseUrl: string,
): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ROYALROAD_BASE_URL: fake.url,
      SCRAPE_INTERVAL_MS: '0',
      NODE_ENV: 'test',
      JWT_SECRET: 'cli-test-secret-that-is-long-enough-to-use',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    child.on('exit', (code) => resolve({ code, output }));
  });
  return { child, done };
}

const count = async (database: Database, table: 'fiction_snapshots' | 'fictions') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('npm run cli -- scrape', () => {
  it('rising-stars stores one capture with every genre under one captured_at', async () => {
    shared = await createSharedTestDatabase();
    const { done } = startCli(['scrape', 'rising-stars'], shared.url);
    const { code, output } = await done;
    expect(output).toMatch(/rising-stars run \d+: succeeded/);
    expect(code).toBe(0);

    const database = shared.open();
    const captures = await database.db.selectFrom('rising_star_captures').selectAll().execute();
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({
      status: 'complete',
      genres_total: GENRE_SLUGS.length,
      genres_captured: GENRE_SLUGS.length,
    });
    const perGenre = await database.db
      .selectFrom('rising_star_entries')
      .select(['genre', (eb) => eb.fn.countAll<number>().as('n')])
      .where('capture_id', '=', captures[0]?.id as number)
      .groupBy('genre')
      .execute();
    expect(perGenre).toHaveLength(GENRE_SLUGS.length);
    expect(perGenre.every((row) => Number(row.n) === 50)).toBe(true);
    expect(fake.requests).toHaveLength(GENRE_SLUGS.length);
  }, 60_000);

  it('fiction refuses a missing id with a clear message', async () => {
    shared = await createSharedTestDatabase();
    const { code, output } = await startCli(['scrape', 'fiction'], shared.url).done;
    expect(code).toBe(1);
    expect(output).toContain('scrape fiction needs a Royal Road fiction id');
  });

  it('all, killed in the middle, leaves no half-written fiction, and the next run completes', async () => {
    shared = await createSharedTestDatabase();
    expect((await startCli(['scrape', 'rising-stars'], shared.url).done).code).toBe(0);
    const database = shared.open();
    const tracked = await count(database, 'fictions');
    expect(tracked).toBeGreaterThan(100);

    // Slow fiction pages, so the kill lands mid-run.
    fake.behave({ path: /^\/fiction\/\d+$/, delayMs: 25 });
    const first = startCli(['scrape', 'all'], shared.url);
    for (let waited = 0; (await count(database, 'fiction_snapshots')) < 20 && waited < 30_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.child.kill('SIGKILL');
    await first.done;

    const scraped = await count(database, 'fiction_snapshots');
    expect(scraped).toBeGreaterThanOrEqual(20);
    expect(scraped).toBeLessThan(tracked);
    // Every fiction is either untouched or fully written: its current numbers are those of its one snapshot.
    const rows = await database.db
      .selectFrom('fictions')
      .leftJoin('fiction_snapshots', 'fiction_snapshots.fiction_id', 'fictions.id')
      .select([
        'fictions.last_scraped_at',
        'fictions.favorites',
        'fictions.average_views',
        'fiction_snapshots.captured_at',
        'fiction_snapshots.favorites as snapshot_favorites',
      ])
      .execute();
    for (const row of rows) {
      if (row.captured_at === null) {
        expect(row.last_scraped_at).toBeNull();
        expect(row.average_views).toBeNull(); // list data has no average views
      } else {
        expect(row.last_scraped_at).toBe(row.captured_at);
        expect(row.favorites).toBe(row.snapshot_favorites);
      }
    }

    const second = await startCli(['scrape', 'all'], shared.url).done;
    expect(second.output).toMatch(/all-fictions run \d+: succeeded/);
    expect(second.code).toBe(0);
    const unscraped = await database.db
      .selectFrom('fictions')
      .select('id')
      .where('last_scraped_at', 'is', null)
      .execute();
    expect(unscraped).toEqual([]);
  }, 90_000);
});

describe('npm run cli -- verify-email', () => {
  it('vouches for an account’s address once, and says when no account has it', async () => {
    shared = await createSharedTestDatabase();
    const database = shared.open();
    await database.db
      .insertInto('users')
      .values({
        email: 'boss@example.com',
        name: null,
        password_hash: null,
        admin: false,
        created_at: '2026-11-21T12:00:00.000Z',
        updated_at: '2026-11-21T12:00:00.000Z',
        last_seen_at: null,
      })
      .execute();
    const verifiedAt = async () =>
      (
        await database.db
          .selectFrom('users')
          .select('email_verified_at')
          .where('email', '=', 'boss@example.com')
          .executeTakeFirstOrThrow()
      ).email_verified_at;
    expect(await verifiedAt()).toBeNull();

    const first = await startCli(['verify-email', 'Boss@Example.com'], shared.url).done;
    expect(first).toEqual({ code: 0, output: 'boss@example.com is now verified.\n' });
    expect(await verifiedAt()).not.toBeNull();
    const again = await startCli(['verify-email', 'boss@example.com'], shared.url).done;
    expect(again).toEqual({ code: 0, output: 'boss@example.com was already verified.\n' });
    const unknown = await startCli(['verify-email', 'nobody@example.com'], shared.url).done;
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account has the email nobody@example.com');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile } from '../../../test/hooks.ts';
import { collectingLogger, createSharedTestDatabase, testClient } from '../../../test/test-app.ts';
import { createCore } from '../../composition.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { parseListPage } from '../../royalroad/parsers/list.ts';
import { risingStarsPath } from '../scraping/rising-stars.job.ts';
import { scrapingJobs } from '../scraping/scraping.jobs.ts';
import { JobRunner } from './job-runner.ts';

// A worker that dies mid-run (kill -9: it stops renewing its lease and never finishes) leaves its run to
// another worker once the lease lapses: the other continues with the fictions not yet tried, and no fiction's
// snapshot is written twice, even when the dead worker's last request answers after the takeover.

const fake = fakeRoyalRoadForFile();
type Shared = Awaited<ReturnType<typeof createSharedTestDatabase>>;
let shared: Shared | undefined;
const runners: JobRunner[] = [];
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  await shared?.close();
  shared = undefined;
});

/** Leases are measured in real time: short ones, so a lapse takes a moment. */
const LEASE_MS = 1_500;
const SCHEDULED_FOR = '2026-11-21T08:24:00.000Z';

/** A worker on the shared database: its own connection, client, queues and runner. */
function worker(
  database: Database,
  clock: { now: Date },
  options: { renews: boolean; genres?: readonly string[] },
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: shared?.url ?? '',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    SCHEDULER: 'off',
    ROYALROAD_BASE_URL: fake.url,
  });
  const logs: string[] = [];
  const now = () => clock.now;
  const core = createCore({
    config,
    database,
    log: collectingLogger(logs),
    now,
    client: testClient(fake.url),
  });
  const runner = new JobRunner({
    runs: core.repositories.runs,
    log: collectingLogger(logs),
    now,
    executes: true,
    leaseMs: LEASE_MS,
    // A worker that died renews nothing.
    renewMs: options.renews ? LEASE_MS / 3 : 2 ** 30,
    handlers: scrapingJobs({
      client: core.client,
      fictions: core.fictions,
      risingStars: core.risingStars,
      now,
      genres: options.genres ?? [],
      risingStarsActive: async () => false,
    }),
  });
  runners.push(runner);
  return { core, runner, logs };
}

/** `count` tracked (sponsored) fictions, none tried since the run's scheduled time, in the order a run visits them. */
async function trackedFictions(db: Database['db'], count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, () => fake.site.addFiction().id);
  for (const [index, royalroadId] of ids.entries()) {
    await db
      .insertInto('fictions')
      .values({
        royalroad_id: royalroadId,
        title: `Fiction ${royalroadId}`,
        author_name: null,
        author_id: null,
        description: null,
        image_url: null,
        status: null,
        type: null,
        tags: '[]',
        warnings: '[]',
        pages: null,
        ratings: null,
        followers: null,
        favorites: null,
        total_views: null,
        average_views: null,
        overall_score: null,
        style_score: null,
        story_score: null,
        grammar_score: null,
        character_score: null,
        chapter_count: null,
        last_chapter_at: null,
        sponsored: true,
        last_scraped_at: null,
        // Longest untried first: the order the run visits them.
        last_attempted_at: `2026-11-20T00:0${index}:00.000Z`,
        created_at: '2026-11-20T00:00:00.000Z',
        updated_at: '2026-11-20T00:00:00.000Z',
      })
      .execute();
  }
  return ids;
}

const queueAllFictions = (runs: ReturnType<typeof worker>['core']['repositories']['runs']) =>
  runs.enqueue({ job: 'all-fictions', trigger: 'schedule', scheduledFor: SCHEDULED_FOR, now: SCHEDULED_FOR });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a run whose worker dies', () => {
  it('is taken over once its lease lapses and finished with the fictions not yet tried, no snapshot twice', async () => {
    shared = await createSharedTestDatabase();
    const clock = { now: new Date('2026-11-21T09:00:00.000Z') };
    const a = worker(shared.open(), clock, { renews: false });
    const b = worker(shared.open(), clock, { renews: true });
    const { db } = a.core.database;

    const ids = await trackedFictions(db, 6);
    const runId = await a.core.repositories.runs.enqueue({
      job: 'all-fictions',
      trigger: 'schedule',
      scheduledFor: SCHEDULED_FOR,
      now: SCHEDULED_FOR,
    });
    expect(runId).not.toBeNull();

    // A reads the first two fictions; its request for the third hangs, and A dies meanwhile (no renewal).
    const third = `/fiction/${ids[2]}`;
    fake.behave({ path: third, delayMs: 4_000, times: 1 });
    void a.runner.pump();
    while (!fake.requests.some((request) => request.path === third)) await pause(10);
    const row = await a.core.repositories.runs.get(runId as number);
    expect(row?.status).toBe('running');
    expect(row?.lease_owner).not.toBeNull();

    // While A's lease holds, B leaves the run alone.
    await b.runner.pump();
    expect((await b.core.repositories.runs.get(runId as number))?.lease_owner).toBe(row?.lease_owner);

    // The lease lapses: B takes the run over and finishes it.
    await pause(LEASE_MS + 200);
    await b.runner.pump();
    const finished = await b.runner.waitFor(runId as number, 20_000);
    expect(finished?.status).toBe('succeeded');
    expect(finished?.attempts).toBe(2);
    // B counted only the fictions A had not tried.
    expect(JSON.parse(finished?.counts ?? '{}')).toMatchObject({ tracked: 6, skipped: 2, scraped: 4 });

    // A's hanging request answers after the takeover: A writes nothing and leaves B's result as it is.
    while (fake.requests.filter((request) => request.path === third).length < 2) await pause(10);
    await a.runner.stop();
    expect(a.logs.join('\n')).toMatch(/another worker took it over/);

    // Each fiction read and stored once (the third asked twice: A's answer was never written).
    const paths = fake.requests.map((request) => request.path).filter((path) => path.startsWith('/fiction/'));
    for (const royalroadId of ids) {
      expect(paths.filter((path) => path === `/fiction/${royalroadId}`)).toHaveLength(
        royalroadId === ids[2] ? 2 : 1,
      );
    }
    const snapshots = await db
      .selectFrom('fiction_snapshots')
      .innerJoin('fictions', 'fictions.id', 'fiction_snapshots.fiction_id')
      .select(['fictions.royalroad_id as royalroadId'])
      .execute();
    expect(snapshots.map((snapshot) => snapshot.royalroadId).sort()).toEqual([...ids].sort());
    const after = await db
      .selectFrom('job_runs')
      .selectAll()
      .where('id', '=', runId as number)
      .executeTakeFirst();
    expect(after?.status).toBe('succeeded');
    expect(after?.lease_owner).toBeNull();
  }, 40_000);

  it('is handed back by a stopping worker and continued at once by another', async () => {
    shared = await createSharedTestDatabase();
    const clock = { now: new Date('2026-11-21T09:00:00.000Z') };
    const a = worker(shared.open(), clock, { renews: true });
    const b = worker(shared.open(), clock, { renews: true });
    const ids = await trackedFictions(a.core.database.db, 4);
    const runId = await queueAllFictions(a.core.repositories.runs);
    const second = `/fiction/${ids[1]}`;
    fake.behave({ path: second, delayMs: 1_000, times: 1 });
    void a.runner.pump();
    while (!fake.requests.some((request) => request.path === second)) await pause(10);
    // A stops (SIGTERM): the run goes back to the queue with no lease, and B takes it without waiting.
    const stopping = a.runner.handBack();
    await stopping;
    const handed = await b.core.repositories.runs.get(runId as number);
    expect(handed?.status).toBe('queued');
    expect(handed?.lease_owner).toBeNull();
    await b.runner.pump();
    const finished = await b.runner.waitFor(runId as number, 10_000);
    expect(finished?.status).toBe('succeeded');
    // A finished the fiction under way when it stopped; B did the other two, and nothing was read twice.
    expect(JSON.parse(finished?.counts ?? '{}')).toMatchObject({ tracked: 4, skipped: 2, scraped: 2 });
    const paths = fake.requests.map((request) => request.path);
    for (const royalroadId of ids)
      expect(paths.filter((path) => path === `/fiction/${royalroadId}`)).toHaveLength(1);
  }, 30_000);

  it('continues a capture whose worker died between saving a list and recording it, saving no list twice', async () => {
    shared = await createSharedTestDatabase();
    const clock = { now: new Date('2026-11-21T09:00:00.000Z') };
    const genres = ['main', 'fantasy', 'litrpg'];
    for (const genre of genres)
      fake.site.setRisingStars(genre, [fake.site.addFiction().id, fake.site.addFiction().id]);
    const b = worker(shared.open(), clock, { renews: true, genres });
    const { runs } = b.core.repositories;
    const now = clock.now.toISOString();
    const runId = (await runs.enqueue({ job: 'rising-stars', trigger: 'manual', now })) as number;

    // The worker that died: it claimed the run, saved 'main' and recorded it, saved 'fantasy' and was killed
    // before recording that one. Its lease has lapsed.
    const dead = 'worker-that-died';
    const lapsed = new Date(Date.now() - 1_000).toISOString();
    expect(
      await runs.claim(runId, now, {
        owner: dead,
        until: lapsed,
        at: new Date(Date.now() - 2_000).toISOString(),
      }),
    ).toBe(true);
    const captureId = await b.core.risingStars.createCapture({
      capturedAt: now,
      genresTotal: 3,
      jobRunId: runId,
    });
    const save = async (genre: string) => {
      const url = `${fake.url}${risingStarsPath(genre)}`;
      const items = parseListPage(await (await fetch(url)).text(), { url });
      await b.core.risingStars.saveGenreList({ captureId, genre, items, now });
    };
    await save('main');
    const counts = { capture_id: captureId, lists: 1, lists_failed: 0, entries: 2, fictions_created: 2 };
    await runs.progress(runId, { done: 1, total: 3, counts, now, owner: dead });
    await save('fantasy');

    await b.runner.pump();
    const finished = await b.runner.waitFor(runId, 10_000);
    expect(finished?.status, finished?.error ?? '').toBe('succeeded');
    expect(finished?.attempts).toBe(2);
    expect(JSON.parse(finished?.counts ?? '{}')).toMatchObject({
      capture_id: captureId,
      lists: 3,
      entries: 6,
    });
    const { db } = b.core.database;
    const entries = await db
      .selectFrom('rising_star_entries')
      .select(['genre', 'position'])
      .where('capture_id', '=', captureId)
      .orderBy('genre')
      .orderBy('position')
      .execute();
    expect(entries.map((entry) => `${entry.genre} ${entry.position}`)).toEqual([
      'fantasy 1',
      'fantasy 2',
      'litrpg 1',
      'litrpg 2',
      'main 1',
      'main 2',
    ]);
    const capture = await db
      .selectFrom('rising_star_captures')
      .selectAll()
      .where('id', '=', captureId)
      .executeTakeFirst();
    expect(capture).toMatchObject({ status: 'complete', genres_captured: 3 });
  }, 30_000);
});

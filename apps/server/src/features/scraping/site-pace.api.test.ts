import { afterEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile } from '../../../test/hooks.ts';
import {
  collectingLogger,
  createSharedTestDatabase,
  testClient,
  testDialect,
} from '../../../test/test-app.ts';
import { createCore } from '../../composition.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { isRoyalRoadError } from '../../royalroad/errors.ts';
import { INTERACTIVE, SCHEDULED } from '../../royalroad/request-queues.ts';

// Several processes on one PostgreSQL database are one site to Royal Road: however many workers and web
// instances send requests, no two reach Royal Road closer than SCRAPE_INTERVAL_MS, a capture in one process
// keeps every other process's interactive requests waiting until it ends (delayed by the one request under way
// when it started, no more), and each reader's share of the interactive queue is counted across processes.
// With SQLite the site is one process, whose own queues are the line (see queues.api.test.ts).

const INTERVAL_MS = 80;
const SLOW_MS = 600;

const fake = fakeRoyalRoadForFile();
type Shared = Awaited<ReturnType<typeof createSharedTestDatabase>>;
let shared: Shared | undefined;
afterEach(async () => {
  await shared?.close();
  shared = undefined;
});

/** A process on the shared database, with its own client and queues (as a worker or web instance has). */
function processOn(database: Database, limits: { perUser?: number } = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: shared?.url ?? '',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    SCHEDULER: 'off',
    ROYALROAD_BASE_URL: fake.url,
    SCRAPE_INTERVAL_MS: String(INTERVAL_MS),
  });
  return createCore({
    config,
    database,
    log: collectingLogger([]),
    client: testClient(fake.url, { intervalMs: INTERVAL_MS, limits }),
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(testDialect !== 'postgres')('one pace to Royal Road for every process', () => {
  it('keeps every two requests from two processes SCRAPE_INTERVAL_MS apart, and a capture in one ahead of the other’s readers', async () => {
    shared = await createSharedTestDatabase();
    const a = processOn(shared.open());
    const b = processOn(shared.open());
    const fictions = Array.from({ length: 16 }, () => fake.site.addFiction().id);
    const lists = fake.site.genres().slice(0, 5);

    // Both processes send readers' requests at once: 8 each.
    await Promise.all(
      fictions.slice(0, 16).map((id, index) => (index % 2 ? a : b).client.get(`/fiction/${id}`, INTERACTIVE)),
    );
    expect(fake.requests).toHaveLength(16);

    // B's reader's request is slow and under way when A's capture starts; five more of B's wait.
    const from = fake.requests.length;
    const slow = `/fiction/${fictions[0]}`;
    fake.behave({ path: slow, delayMs: SLOW_MS, times: 1 });
    const readers = [b.client.get(slow, INTERACTIVE)];
    while (!fake.requests.slice(from).some((request) => request.path === slow)) await pause(5);
    for (const id of fictions.slice(1, 6)) readers.push(b.client.get(`/fiction/${id}`, INTERACTIVE));
    const release = a.client.hold();
    const capture = Promise.all(
      lists.map((genre) => a.client.get(`/fictions/rising-stars?genre=${genre}`, SCHEDULED)),
    ).finally(release);
    await Promise.all([capture, ...readers]);

    const requests = fake.requests.slice(from);
    const kinds = requests.map((request) =>
      request.path.startsWith('/fictions/rising-stars') ? 'list' : 'fiction',
    );
    // Royal Road saw B's slow request, then A's whole capture, then B's readers who waited.
    expect(kinds).toEqual(['fiction', ...lists.map(() => 'list'), ...Array(5).fill('fiction')]);
    // The capture waited for the slow request and one interval, not for a second reader.
    const waited = (requests[1]?.at ?? 0) - (requests[0]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(SLOW_MS + INTERVAL_MS);
    expect(waited).toBeLessThan(SLOW_MS + 2 * INTERVAL_MS + 500);
    const times = fake.requests.map((request) => request.at);
    for (let i = 1; i < times.length; i++)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(INTERVAL_MS);
  }, 60_000);

  it('never lets two requests from different processes reach Royal Road closer than the interval', async () => {
    shared = await createSharedTestDatabase();
    const processes = [processOn(shared.open()), processOn(shared.open()), processOn(shared.open())];
    const fictions = Array.from({ length: 24 }, () => fake.site.addFiction().id);
    await Promise.all(
      fictions.map((id, index) =>
        processes[index % processes.length]?.client.get(
          `/fiction/${id}`,
          index % 3 ? INTERACTIVE : SCHEDULED,
        ),
      ),
    );
    const times = fake.requests.map((request) => request.at);
    expect(times).toHaveLength(24);
    for (let i = 1; i < times.length; i++)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(INTERVAL_MS);
  }, 60_000);

  it("counts a reader's share of the interactive queue across processes", async () => {
    shared = await createSharedTestDatabase();
    const a = processOn(shared.open(), { perUser: 2 });
    const b = processOn(shared.open(), { perUser: 2 });
    const fictions = Array.from({ length: 3 }, () => fake.site.addFiction().id);
    const reader = { queue: 'interactive' as const, requester: { userId: 7, address: '203.0.113.7' } };
    // A capture in a third process holds the line: the reader's requests wait.
    const holder = processOn(shared.open());
    const release = holder.client.hold();
    await pause(100);
    const waiting = [
      a.client.get(`/fiction/${fictions[0]}`, reader),
      a.client.get(`/fiction/${fictions[1]}`, reader),
    ];
    await pause(200);
    // The reader has two waiting in A: B refuses the third, as one process would.
    const third = await b.client.get(`/fiction/${fictions[2]}`, reader).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isRoyalRoadError(third, 'limited')).toBe(true);
    release();
    await Promise.all(waiting);
    // Done: the reader's share is free again, through any process.
    await b.client.get(`/fiction/${fictions[2]}`, reader);
    expect(fake.requests).toHaveLength(3);
  }, 30_000);
});

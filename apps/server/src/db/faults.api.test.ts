import { Writable } from 'node:stream';
import { MESSAGES } from '@rrc/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAdminUrl } from '../../test/postgres.ts';
import { type OutageMode, startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { call, createTestApp, registerUser, type TestApp, testDialect } from '../../test/test-app.ts';

/**
 * PostgreSQL going away under load, faked by a TCP proxy between the app and the server:
 * requests answer 503 with the usual message, /api/health says the database is unreachable,
 * and once the database is back the same app serves again, having lost no acknowledged write
 * and kept no write it refused during the outage. FAULTS_REPORT=1 prints timings and counts.
 */

const UNAVAILABLE = { success: false, error: MESSAGES.serviceUnavailable };
const DATABASE_DOWN = {
  success: false,
  error: 'The database is not reachable right now. Please try again later.',
};
/** The pool's connection timeout (5 s) plus room for a slow machine. */
const OUTAGE_ANSWER_MS = 6_500;
/** A request under way when the link is cut may already have spent a while waiting for a connection. */
const ANY_ANSWER_MS = 9_000;
const RECOVERY_MS = 15_000;
const READERS = 20;
/** Fictions, and list entries to change, per outage: more than the load can use up. */
const KEYS = 3_000;

type LoadKind = 'fictions' | 'list' | 'add' | 'status' | 'favorite';
type Kind = LoadKind | 'health';
const KINDS: readonly LoadKind[] = ['fictions', 'list', 'add', 'status', 'favorite'];

interface Outcome {
  kind: Kind;
  /** The fiction added or favorited, or the list entry whose status changed. */
  key?: number;
  start: number;
  end: number;
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const ok = (status: number) => status >= 200 && status < 300;

let proxy: TcpProxy;
let t: TestApp;
let fictionIds: number[];
/** What the app logged as unhandled errors (the ones answered 500). */
const unhandled: string[] = [];

/** Three readers of their own, one per kind of write, and the updater's list to change. */
async function freshReaders() {
  const [adder, updater, favoriter] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
  ]);
  const at = t.clock.now.toISOString();
  const entryIds: number[] = [];
  for (let first = 0; first < fictionIds.length; first += 500) {
    const rows = await t.database.db
      .insertInto('user_fictions')
      .values(
        fictionIds.slice(first, first + 500).map((fictionId) => ({
          user_id: updater.user.id,
          fiction_id: fictionId,
          status: 'plan_to_read',
          is_favorite: false,
          favorite_position: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    entryIds.push(...rows.map((row) => row.id));
  }
  return { adder, updater, favoriter, entryIds };
}

type Readers = Awaited<ReturnType<typeof freshReaders>>;

/** READERS loops, each going round the reads and writes until stopped; every write uses a key of its own. */
function startLoad(readers: Readers) {
  const outcomes: Outcome[] = [];
  const queues: Record<'add' | 'status' | 'favorite', number[]> = {
    add: [...fictionIds],
    status: [...readers.entryIds],
    favorite: [...fictionIds],
  };
  let running = true;

  async function request(planned: LoadKind) {
    const key =
      planned === 'add' || planned === 'status' || planned === 'favorite'
        ? queues[planned].shift()
        : undefined;
    // A loop that used up its keys just reads.
    const kind: LoadKind = key === undefined && planned !== 'list' ? 'fictions' : planned;
    const start = now();
    const response = await (() => {
      switch (kind) {
        case 'fictions':
          return call(t.app, { method: 'GET', url: '/api/fictions?page=1' });
        case 'list':
          return call(t.app, {
            method: 'GET',
            url: '/api/userFictions?page=1',
            token: readers.updater.token,
          });
        case 'add':
          return call(t.app, {
            method: 'POST',
            url: '/api/userFictions',
            token: readers.adder.token,
            payload: { fiction_id: key, status: 'reading' },
          });
        case 'status':
          return call(t.app, {
            method: 'PUT',
            url: `/api/userFictions/${key}`,
            token: readers.updater.token,
            payload: { status: 'completed' },
          });
        case 'favorite':
          return call(t.app, {
            method: 'POST',
            url: `/api/userFictions/${key}/favorite`,
            token: readers.favoriter.token,
          });
      }
    })();
    outcomes.push({ kind, key, start, end: now(), status: response.status, body: response.body });
  }

  const loops = Array.from({ length: READERS }, async (_, reader) => {
    for (let round = 0; running; round += 1) {
      await request(KINDS[(reader + round) % KINDS.length] as LoadKind);
      await sleep(10);
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

function health() {
  return call<{ success: boolean; data?: { database: { ok: boolean } } }>(t.app, {
    method: 'GET',
    url: '/api/health',
  });
}

function describeOutcome(outcome: Outcome) {
  return `${outcome.kind}${outcome.key === undefined ? '' : ` ${outcome.key}`}: ${outcome.status} after ${Math.round(outcome.end - outcome.start)} ms ${JSON.stringify(outcome.body).slice(0, 200)}`;
}

/** Runs the load through an outage of `outageMs` and checks every answer and every write. */
async function outage(mode: OutageMode, outageMs: number) {
  unhandled.length = 0;
  const readers = await freshReaders();
  const load = startLoad(readers);
  await sleep(1_500);

  const cutAt = now();
  await proxy.cut(mode);
  const cutDone = now();
  // /api/health asked over and over while the database is away.
  const probes: Outcome[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const start = now();
      const response = await health();
      probes.push({ kind: 'health', start, end: now(), status: response.status, body: response.body });
      await sleep(200);
    }
  })();
  await sleep(outageMs);

  const restoreAt = now();
  await proxy.restore();
  probing = false;
  await prober;
  let healthyAt: number | undefined;
  while (now() - restoreAt < RECOVERY_MS) {
    const response = await health();
    if (response.status === 200) {
      expect(response.body.data?.database.ok).toBe(true);
      healthyAt = now();
      break;
    }
    expect(response.body).toEqual(DATABASE_DOWN);
    await sleep(100);
  }
  if (healthyAt === undefined) {
    throw new Error(`/api/health still failing ${RECOVERY_MS} ms after the database came back`);
  }
  await sleep(1_000);
  const outcomes = await load.stop();

  // /api/health said so all along, each time within the connection timeout; one asked as the
  // database came back may have found it.
  const downProbes = probes.filter((probe) => probe.end <= restoreAt);
  expect(downProbes.length).toBeGreaterThan(0);
  expect(
    downProbes
      .filter((probe) => probe.status !== 503 || probe.end - probe.start > OUTAGE_ANSWER_MS)
      .map(describeOutcome),
  ).toEqual([]);
  expect(
    probes
      .filter((probe) => probe.status !== 200 && JSON.stringify(probe.body) !== JSON.stringify(DATABASE_DOWN))
      .map(describeOutcome),
  ).toEqual([]);

  // Every answer is a success or the 503 of the specification: no 500, no other error.
  const unexpected = outcomes.filter((outcome) => !ok(outcome.status) && outcome.status !== 503);
  expect(unexpected.map(describeOutcome).concat(unhandled)).toEqual([]);
  const badBodies = outcomes.filter(
    (outcome) => outcome.status === 503 && JSON.stringify(outcome.body) !== JSON.stringify(UNAVAILABLE),
  );
  expect(badBodies.map(describeOutcome)).toEqual([]);

  // Before the cut, everything worked; while cut, nothing did, and nothing hung.
  const before = outcomes.filter((outcome) => outcome.end < cutAt);
  expect(before.filter((outcome) => !ok(outcome.status)).map(describeOutcome)).toEqual([]);
  expect(before.length).toBeGreaterThan(READERS);
  const during = outcomes.filter((outcome) => outcome.start >= cutDone && outcome.end <= restoreAt);
  expect(during.filter((outcome) => outcome.status !== 503).map(describeOutcome)).toEqual([]);
  expect(during.length).toBeGreaterThanOrEqual(READERS);
  expect(
    during.filter((outcome) => outcome.end - outcome.start > OUTAGE_ANSWER_MS).map(describeOutcome),
  ).toEqual([]);
  expect(
    outcomes.filter((outcome) => outcome.end - outcome.start > ANY_ANSWER_MS).map(describeOutcome),
  ).toEqual([]);

  // Back without a restart: every request made once /api/health is fine again succeeds.
  const after = outcomes.filter((outcome) => outcome.start >= healthyAt);
  expect(after.filter((outcome) => !ok(outcome.status)).map(describeOutcome)).toEqual([]);
  expect(after.length).toBeGreaterThan(READERS);

  await checkWrites(readers, outcomes, cutDone);
  if (process.env.FAULTS_REPORT) {
    console.log(mode, {
      requests: outcomes.length,
      refused: outcomes.filter((outcome) => outcome.status === 503).length,
      fullyInOutage: during.length,
      healthDownMs: Math.round(Math.max(...downProbes.map((probe) => probe.end - probe.start))),
      recoveryMs: Math.round(healthyAt - restoreAt),
      slowestMs: Math.round(Math.max(...outcomes.map((outcome) => outcome.end - outcome.start))),
    });
  }
}

/**
 * Acknowledged writes are all there; writes refused after the cut are not. A write under way at the
 * moment of the cut may have committed and then lost its answer (here, often while the entry is read
 * back for the answer): it may be there or not, but only whole.
 */
async function checkWrites(readers: Readers, outcomes: Outcome[], cutDone: number) {
  const writes = (kind: Kind) => outcomes.filter((outcome) => outcome.kind === kind);
  const db = t.database.db;
  const added = new Map(
    (
      await db
        .selectFrom('user_fictions')
        .select(['fiction_id', 'status', 'is_favorite', 'favorite_position'])
        .where('user_id', '=', readers.adder.user.id)
        .execute()
    ).map((row) => [row.fiction_id, row]),
  );
  const favorited = new Map(
    (
      await db
        .selectFrom('user_fictions')
        .select(['fiction_id', 'is_favorite', 'favorite_position', 'status'])
        .where('user_id', '=', readers.favoriter.user.id)
        .execute()
    ).map((row) => [row.fiction_id, row]),
  );
  const entries = new Map(
    (
      await db
        .selectFrom('user_fictions')
        .select(['id', 'status'])
        .where('user_id', '=', readers.updater.user.id)
        .execute()
    ).map((row) => [row.id, row.status]),
  );

  const present: Record<'add' | 'status' | 'favorite', (key: number) => boolean> = {
    add: (key) => added.has(key),
    favorite: (key) => favorited.has(key),
    status: (key) => entries.get(key) === 'completed',
  };
  const counts: Record<
    string,
    { acknowledged: number; refused: number; inDoubt: number; inDoubtApplied: number }
  > = {};
  for (const kind of ['add', 'status', 'favorite'] as const) {
    const all = writes(kind);
    const lost = all.filter((outcome) => ok(outcome.status) && !present[kind](outcome.key as number));
    expect(lost.map(describeOutcome), `acknowledged ${kind} writes missing`).toEqual([]);
    const refused = all.filter((outcome) => outcome.status === 503);
    const refusedAfterCut = refused.filter((outcome) => outcome.start >= cutDone);
    const kept = refusedAfterCut.filter((outcome) => present[kind](outcome.key as number));
    expect(kept.map(describeOutcome), `refused ${kind} writes applied`).toEqual([]);
    const doubtful = refused.filter((outcome) => outcome.start < cutDone);
    counts[kind] = {
      acknowledged: all.filter((outcome) => ok(outcome.status)).length,
      refused: refusedAfterCut.length,
      inDoubt: doubtful.length,
      inDoubtApplied: doubtful.filter((outcome) => present[kind](outcome.key as number)).length,
    };
    // Each kind of write was tried while the database was away: refused after the cut, or caught by it (on
    // a slow machine a whole round of a kind can be under way when the cut lands).
    expect(counts[kind].acknowledged, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(counts[kind].refused + counts[kind].inDoubt, JSON.stringify(counts)).toBeGreaterThan(0);
  }

  // Nothing but what was asked for, and each of it whole.
  const asked = (kind: Kind) => new Set(writes(kind).map((outcome) => outcome.key));
  expect([...added.keys()].filter((key) => !asked('add').has(key))).toEqual([]);
  expect(
    [...added.values()].filter(
      (row) => row.status !== 'reading' || !row.is_favorite || row.favorite_position === null,
    ),
  ).toEqual([]);
  expect([...favorited.keys()].filter((key) => !asked('favorite').has(key))).toEqual([]);
  expect(
    [...favorited.values()].filter(
      (row) => !row.is_favorite || row.favorite_position === null || row.status !== 'plan_to_read',
    ),
  ).toEqual([]);
  const changed = [...entries].filter(([, status]) => status !== 'plan_to_read').map(([id]) => id);
  expect(changed.filter((id) => !asked('status').has(id))).toEqual([]);
  expect(entries.size).toBe(readers.entryIds.length);
  if (process.env.FAULTS_REPORT) console.log(counts);
}

describe.skipIf(testDialect !== 'postgres')('PostgreSQL going away under load', () => {
  beforeAll(async () => {
    const admin = new URL(postgresAdminUrl());
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    const logs = new Writable({
      write(chunk, _encoding, done) {
        const line = JSON.parse(String(chunk)) as { level: number; err?: { stack?: string } };
        if (line.level >= 50) unhandled.push(line.err?.stack ?? String(chunk));
        done();
      },
    });
    t = await createTestApp(
      {},
      { databaseUrl: (url) => proxy.rewrite(url), logger: pino({ level: 'error' }, logs) },
    );
    const at = t.clock.now.toISOString();
    fictionIds = [];
    for (let first = 1; first <= KEYS; first += 500) {
      const rows = await t.database.db
        .insertInto('fictions')
        .values(
          Array.from({ length: Math.min(500, KEYS - first + 1) }, (_, index) => ({
            royalroad_id: 900_000 + first + index,
            title: `Outage ${first + index}`,
            tags: '[]',
            warnings: '[]',
            followers: first + index,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute();
      fictionIds.push(...rows.map((row) => row.id));
    }
  });

  afterAll(async () => {
    await proxy?.restore();
    await t?.close();
    await proxy?.close();
  });

  it('refused connections: 503 while down, back by itself, no write lost or half-made', async () => {
    await outage('refuse', 3_000);
  }, 40_000);

  it('connections reset and new ones hanging: 503 within the connection timeout, back by itself', async () => {
    await outage('hang', 12_500);
  }, 40_000);
});

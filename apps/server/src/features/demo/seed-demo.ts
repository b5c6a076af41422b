/**
 * Demo data for development, end-to-end tests and benchmarks:
 *
 *   npm run cli -- seed-demo [--scale small|large] [--end YYYY-MM-DD] [--replace]
 *
 * Scales (see SCALES in plan.ts):
 * - small (default): 500 fictions, 60 daily snapshots for 100 of them, 7 days of Rising Stars
 *   (4 captures a day, all 70 lists, 50 entries each), 50 readers with up to 100 list entries. Seconds.
 * - large: 50,000 fictions, a year of daily snapshots for 5,000 of them, 90 days of Rising Stars,
 *   10,000 readers with up to 500 list entries each (about 2.9 million rows). Measured on the 2-core
 *   machine: about 25 s on SQLite (a 440 MiB file), about 55 s on PostgreSQL 15 (668 MB).
 *
 * Deterministic: one seeded PRNG stream per fiction, capture and reader (random.ts), so the same scale
 * and end date give the same rows, whatever the database (ids aside, which the database assigns).
 * Times are relative to the end date: by default the UTC midnight that starts the current day, so the
 * last captures and snapshots are from yesterday; `--end` pins it (tests use 2026-11-21). Another end
 * date shifts every timestamp and changes no value. Only the password hash (salted) and the seed-demo
 * job run's own timestamps differ between runs.
 *
 * Distributions are fitted to the real Royal Road sample of July 2026 (fictions-model.ts,
 * rising-stars-model.ts, users-model.ts). Not generated: covers (image_url is null, so pages make no
 * requests to Royal Road's CDN) and chapter lists (fiction_chapters).
 *
 * Well-known records (printed at the end):
 * - fictions: royalroad_id = 1_000_000 + i for i = 0 … fictions − 1. The demo owns royalroad ids
 *   1,000,000 … 1,099,999 (real Royal Road ids are far below).
 *   - i < historyFictions (100 small, 5,000 large) have one snapshot a day over the history window
 *     (60 / 365 days), from their launch for the younger ones. Fiction 1000000 is the most followed
 *     fiction, ongoing, with the full window.
 *   - the first `trackedEstablished` (30 / 3,100) are the most followed established fictions; the next
 *     `risers` (300 / 1,900) are new fictions, strongest first, the only ones on Rising Stars.
 * - heavy@demo.rrcompanion.test: exactly 500 list entries, all favorites (positions 1…500), most of them
 *   fictions with Rising Stars records (404 large, 283 small, where the catalog has only 300 risers),
 *   most of those on the latest capture (the badges endpoint has work).
 * - admin@demo.rrcompanion.test: an administrator with a short list.
 * - reader00001@demo.rrcompanion.test …: the ordinary readers.
 *   Every demo account's password is Readers4ever (hashed once with the app's hasher).
 * - the captures are marked as made by a `seed-demo` job run (job_runs.job = 'seed-demo').
 *
 * Re-running: demo data is recognised by those marks (royalroad id range, email domain, job run). When
 * any is present seed-demo refuses; with --replace it first deletes the demo rows (and, through the
 * foreign keys, anything pointing at them, e.g. another account's list entry for a demo fiction), then
 * seeds again. Nothing else is touched. Everything is written in one transaction: a failure leaves the
 * database as it was.
 */
import { type Kysely, sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { bulkInserter, type Column } from './bulk-insert.ts';
import {
  DAY_MS,
  endStats,
  type FictionProfile,
  lastChapterAt,
  type Stats,
  snapshotSeries,
} from './fictions-model.ts';
import { buildPlan, type DemoPlan, type DemoScale, SCALES, type ScaleName } from './plan.ts';
import { createRandom, seedOf, weightedTable } from './random.ts';
import { LIST_SLUGS } from './rising-stars-model.ts';
import { demoAuthorName, demoDescription, demoTitle } from './text.ts';
import {
  ADMIN_EMAIL,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  type DemoUser,
  demoUsers,
  HEAVY_EMAIL,
  heavyEntries,
  readerEmail,
  readerEntries,
} from './users-model.ts';

export { ADMIN_EMAIL, DEMO_PASSWORD, HEAVY_EMAIL, SCALES, type ScaleName };

export const DEMO_SEED = 20_261_121;
export const DEMO_ROYALROAD_BASE = 1_000_000;
/** The demo owns royalroad ids DEMO_ROYALROAD_BASE … DEMO_ROYALROAD_BASE + DEMO_ID_RANGE − 1. */
export const DEMO_ID_RANGE = 100_000;
export const DEMO_JOB = 'seed-demo';

/** The database already holds demo data and --replace was not given. */
export class DemoDataExistsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoDataExistsError';
  }
}

export interface SeedDemoOptions {
  scale: ScaleName | DemoScale;
  /** Every timestamp is before this instant (rounded down to a UTC midnight); default: today's UTC midnight. */
  end?: Date;
  now?: () => Date;
  /** Delete existing demo data first instead of refusing. */
  replace?: boolean;
  log?: (line: string) => void;
}

export interface DemoSummary {
  scale: string;
  end: string;
  seconds: number;
  counts: {
    fictions: number;
    snapshots: number;
    captures: number;
    entries: number;
    users: number;
    listEntries: number;
  };
  wellKnown: {
    royalroadIds: [first: number, last: number];
    historyRoyalroadIds: [first: number, last: number];
    risersRoyalroadIds: [first: number, last: number];
    mostFollowed: { royalroadId: number; title: string; followers: number; snapshots: number };
    topOfMain: { royalroadId: number; title: string };
    captures: [first: string, last: string];
    heavy: { email: string; favorites: number; withRisingStars: number; onLatestCapture: number };
    admin: string;
    readers: [first: string, last: string];
    password: string;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export function startOfUtcDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

const STAT_COLUMNS = [
  'pages',
  'ratings',
  'followers',
  'favorites',
  'total_views',
  'average_views',
  'overall_score',
  'style_score',
  'story_score',
  'grammar_score',
  'character_score',
  'chapter_count',
] as const satisfies ReadonlyArray<keyof Stats>;

const STAT_TYPES: Record<(typeof STAT_COLUMNS)[number], string> = {
  pages: 'integer',
  ratings: 'integer',
  followers: 'integer',
  favorites: 'integer',
  total_views: 'bigint',
  average_views: 'integer',
  overall_score: 'double precision',
  style_score: 'double precision',
  story_score: 'double precision',
  grammar_score: 'double precision',
  character_score: 'double precision',
  chapter_count: 'integer',
};
const statColumns = STAT_COLUMNS.map((name) => [name, STAT_TYPES[name]] as const);

const FICTION_COLUMNS: Column[] = [
  ['royalroad_id', 'integer'],
  ['title', 'text'],
  ['author_name', 'text'],
  ['author_id', 'integer'],
  ['description', 'text'],
  ['image_url', 'text'],
  ['status', 'text'],
  ['type', 'text'],
  ['tags', 'text'],
  ['warnings', 'text'],
  ...statColumns,
  ['last_chapter_at', 'timestamptz'],
  ['last_scraped_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const SNAPSHOT_COLUMNS: Column[] = [
  ['fiction_id', 'integer'],
  ['captured_at', 'timestamptz'],
  ...statColumns,
];

/** What exists of an earlier demo. */
async function existingDemo(db: Kysely<Schema>) {
  const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  const fictions = count(
    await db
      .selectFrom('fictions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('royalroad_id', '>=', DEMO_ROYALROAD_BASE)
      .where('royalroad_id', '<', DEMO_ROYALROAD_BASE + DEMO_ID_RANGE)
      .executeTakeFirst(),
  );
  const users = count(
    await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
      .executeTakeFirst(),
  );
  const runs = count(
    await db
      .selectFrom('job_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job', '=', DEMO_JOB)
      .executeTakeFirst(),
  );
  return { fictions, users, runs };
}

async function clearDemo(db: Kysely<Schema>): Promise<void> {
  await db
    .deleteFrom('rising_star_captures')
    .where('job_run_id', 'in', db.selectFrom('job_runs').select('id').where('job', '=', DEMO_JOB))
    .execute();
  await db.deleteFrom('job_runs').where('job', '=', DEMO_JOB).execute();
  await db.deleteFrom('users').where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`).execute();
  await db
    .deleteFrom('fictions')
    .where('royalroad_id', '>=', DEMO_ROYALROAD_BASE)
    .where('royalroad_id', '<', DEMO_ROYALROAD_BASE + DEMO_ID_RANGE)
    .execute();
}

/** Daily snapshot times of fiction i: between 02:00 and 05:00 UTC (a nightly refresh takes hours). */
function snapshotTimes(plan: DemoPlan, i: number, profile: FictionProfile): number[] {
  const { scale, end } = plan;
  if (i >= scale.historyFictions) return [];
  const offset = ((i * 7919) % 10_800) * 1000;
  const launched = profile.riser ? profile.riser.bornAt + 6 * 3_600_000 : Number.NEGATIVE_INFINITY;
  const times: number[] = [];
  for (let day = scale.historyDays; day >= 1; day--) {
    const t = end - day * DAY_MS + 2 * 3_600_000 + offset;
    if (t >= launched) times.push(t);
  }
  return times;
}

interface FictionFacts {
  ids: Int32Array;
  followers: Float64Array;
  chapters: Int32Array;
  titles: string[];
  snapshots: number;
  firstSnapshots: number;
}

async function writeFictions(
  db: Kysely<Schema>,
  dialect: Dialect,
  plan: DemoPlan,
  log: (line: string) => void,
): Promise<FictionFacts> {
  const { scale, end, seed } = plan;
  const count = scale.fictions;
  const facts: FictionFacts = {
    ids: new Int32Array(count),
    followers: new Float64Array(count),
    chapters: new Int32Array(count),
    titles: new Array<string>(count),
    snapshots: 0,
    firstSnapshots: 0,
  };
  // When each fiction was first seen on Rising Stars: it cannot have been created in the app later.
  const firstSeen = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  plan.captures.forEach((lists, c) => {
    const t = plan.captureTimes[c] as number;
    for (const fiction of lists) if (t < (firstSeen[fiction] as number)) firstSeen[fiction] = t;
  });
  const authorCount = Math.max(1, Math.round(count * 0.7));
  const authors = new Map<number, string>();
  const authorName = (author: number) => {
    let name = authors.get(author);
    if (name === undefined) {
      name = demoAuthorName(createRandom(seedOf(seed, 'author', author)));
      authors.set(author, name);
    }
    return name;
  };

  const fictions = bulkInserter(db, dialect, 'fictions', FICTION_COLUMNS, {
    returning: ['id', 'royalroad_id'],
  });
  const snapshots = bulkInserter(db, dialect, 'fiction_snapshots', SNAPSHOT_COLUMNS);
  const chunkSize = 250;
  const windowStart = end - scale.historyDays * DAY_MS;
  let reported = 0;
  const started = performance.now();
  for (let from = 0; from < count; from += chunkSize) {
    const chunk: Array<{ i: number; times: number[]; series: Stats[] }> = [];
    for (let i = from; i < Math.min(count, from + chunkSize); i++) {
      const profile = plan.profiles[i] as FictionProfile;
      const times = snapshotTimes(plan, i, profile);
      const series = snapshotSeries(profile, times, seedOf(seed, 'series', i), windowStart);
      const stats = series.at(-1) ?? endStats(profile, end);
      const random = createRandom(seedOf(seed, 'text', i));
      const title = demoTitle(random, profile.type === 'Fan Fiction');
      const author = Math.floor(authorCount * random.next() ** 1.3);
      const firstSnapshot = times[0];
      const lastSnapshot = times.at(-1);
      const bornAt = profile.riser?.bornAt;
      const createdAt = Math.min(
        firstSnapshot ?? Number.POSITIVE_INFINITY,
        firstSeen[i] as number,
        firstSnapshot === undefined
          ? bornAt !== undefined
            ? Math.min(end - 60_000, bornAt + DAY_MS)
            : end - random.uniform(1, 365) * DAY_MS
          : Number.POSITIVE_INFINITY,
      );
      facts.titles[i] = title;
      facts.followers[i] = stats.followers;
      facts.chapters[i] = stats.chapter_count;
      fictions.push([
        DEMO_ROYALROAD_BASE + i,
        title,
        authorName(author),
        9_000_000 + author,
        demoDescription(random, title),
        null,
        profile.status,
        profile.type,
        JSON.stringify(profile.tags),
        JSON.stringify(profile.warnings),
        ...STAT_COLUMNS.map((column) => stats[column]),
        iso(Math.min(lastChapterAt(profile, end, series, times), lastSnapshot ?? end - 60_000)),
        lastSnapshot === undefined ? null : iso(lastSnapshot),
        iso(createdAt),
        iso(lastSnapshot ?? createdAt),
      ]);
      chunk.push({ i, times, series });
    }
    for (const row of await fictions.flush()) {
      facts.ids[Number(row.royalroad_id) - DEMO_ROYALROAD_BASE] = Number(row.id);
    }
    for (const { i, times, series } of chunk) {
      const id = facts.ids[i] as number;
      for (let k = 0; k < series.length; k++) {
        const stats = series[k] as Stats;
        const full = snapshots.push([
          id,
          iso(times[k] as number),
          stats.pages,
          stats.ratings,
          stats.followers,
          stats.favorites,
          stats.total_views,
          stats.average_views,
          stats.overall_score,
          stats.style_score,
          stats.story_score,
          stats.grammar_score,
          stats.character_score,
          stats.chapter_count,
        ]);
        if (full) await snapshots.flush();
      }
      if (i === 0) facts.firstSnapshots = series.length;
    }
    const done = Math.min(count, from + chunkSize);
    // Fictions with a history take most of the time: report them in fifths too.
    const step = done <= scale.historyFictions ? scale.historyFictions / 5 : count / 5;
    if (done === count || done === scale.historyFictions || done - reported >= step) {
      reported = done;
      await snapshots.flush();
      log(
        `  fictions ${done.toLocaleString('en')}/${count.toLocaleString('en')}, snapshots ${snapshots.written.toLocaleString('en')} (${seconds(started)} s)`,
      );
    }
  }
  await snapshots.flush();
  facts.snapshots = snapshots.written;
  return facts;
}

async function writeCaptures(
  db: Kysely<Schema>,
  dialect: Dialect,
  plan: DemoPlan,
  facts: FictionFacts,
  runId: number,
  log: (line: string) => void,
): Promise<{ captures: number; entries: number }> {
  const started = performance.now();
  const captures = bulkInserter(
    db,
    dialect,
    'rising_star_captures',
    [
      ['captured_at', 'timestamptz'],
      ['status', 'text'],
      ['genres_total', 'integer'],
      ['genres_captured', 'integer'],
      ['job_run_id', 'integer'],
      ['finished_at', 'timestamptz'],
    ],
    { returning: ['id', 'captured_at'] },
  );
  const ids = new Map<string, number>();
  const random = createRandom(seedOf(plan.seed, 'capture-durations'));
  for (let c = 0; c < plan.captureTimes.length; c++) {
    const t = plan.captureTimes[c] as number;
    const full = captures.push([
      iso(t),
      'complete',
      LIST_SLUGS.length,
      LIST_SLUGS.length,
      runId,
      iso(t + random.int(140, 220) * 1000),
    ]);
    if (full || c === plan.captureTimes.length - 1) {
      for (const row of await captures.flush())
        ids.set(new Date(String(row.captured_at)).toISOString(), Number(row.id));
    }
  }
  const entries = bulkInserter(db, dialect, 'rising_star_entries', [
    ['capture_id', 'integer'],
    ['genre', 'text'],
    ['position', 'integer'],
    ['fiction_id', 'integer'],
  ]);
  const { listSize } = plan.scale;
  let reported = 0;
  for (let c = 0; c < plan.captures.length; c++) {
    const captureId = ids.get(iso(plan.captureTimes[c] as number));
    if (captureId === undefined) throw new Error(`capture ${c} was not written`);
    const lists = plan.captures[c] as Int32Array;
    for (let list = 0; list < LIST_SLUGS.length; list++) {
      const genre = LIST_SLUGS[list] as string;
      for (let p = 0; p < listSize; p++) {
        const fiction = lists[list * listSize + p] as number;
        if (entries.push([captureId, genre, p + 1, facts.ids[fiction]])) await entries.flush();
      }
    }
    if (c + 1 === plan.captures.length || c + 1 - reported >= plan.captures.length / 5) {
      reported = c + 1;
      await entries.flush();
      log(
        `  Rising Stars captures ${c + 1}/${plan.captures.length}, entries ${entries.written.toLocaleString('en')} (${seconds(started)} s)`,
      );
    }
  }
  await entries.flush();
  return { captures: captures.written, entries: entries.written };
}

async function writeUsers(
  db: Kysely<Schema>,
  dialect: Dialect,
  plan: DemoPlan,
  facts: FictionFacts,
  passwordHash: string,
  log: (line: string) => void,
): Promise<{ users: number; listEntries: number; heavy: DemoSummary['wellKnown']['heavy'] }> {
  const started = performance.now();
  const { seed, end, scale } = plan;
  const users = demoUsers(seed, scale.readers, end);
  const inserter = bulkInserter(
    db,
    dialect,
    'users',
    [
      ['email', 'text'],
      ['name', 'text'],
      ['password_hash', 'text'],
      ['admin', 'boolean'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
      ['last_seen_at', 'timestamptz'],
    ],
    { returning: ['id', 'email'] },
  );
  const userIds = new Map<string, number>();
  for (const [k, user] of users.entries()) {
    const full = inserter.push([
      user.email,
      user.name,
      passwordHash,
      user.admin,
      iso(user.createdAt),
      iso(user.createdAt),
      user.lastSeenAt === null ? null : iso(user.lastSeenAt),
    ]);
    if (full || k === users.length - 1) {
      for (const row of await inserter.flush()) userIds.set(String(row.email), Number(row.id));
    }
  }

  const entries = bulkInserter(db, dialect, 'user_fictions', [
    ['user_id', 'integer'],
    ['fiction_id', 'integer'],
    ['status', 'text'],
    ['is_favorite', 'boolean'],
    ['favorite_position', 'integer'],
    ['current_chapter', 'integer'],
    ['total_chapters', 'integer'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ]);
  const write = async (user: DemoUser, list: ReturnType<typeof readerEntries>) => {
    const userId = userIds.get(user.email);
    if (userId === undefined) throw new Error(`user ${user.email} was not written`);
    for (const entry of list) {
      const full = entries.push([
        userId,
        facts.ids[entry.fiction],
        entry.status,
        entry.favorite,
        entry.favoritePosition,
        entry.currentChapter,
        entry.totalChapters,
        iso(entry.createdAt),
        iso(entry.updatedAt),
      ]);
      if (full) await entries.flush();
    }
  };

  // Readers pick popular fictions, new Rising Stars fictions a little more often.
  const weights = new Float64Array(scale.fictions);
  for (let i = 0; i < scale.fictions; i++) {
    weights[i] = ((facts.followers[i] as number) + 3) ** 0.85 * (plan.profiles[i]?.riser ? 1.5 : 1);
  }
  const popularity = weightedTable(weights);
  const [admin, heavy, ...readers] = users as [DemoUser, DemoUser, ...DemoUser[]];
  await write(
    admin,
    readerEntries({
      seed,
      n: 0,
      user: admin,
      end,
      popularity,
      chapters: facts.chapters,
      maxEntries: 12,
      count: 12,
    }),
  );

  const latest = plan.captures.at(-1) ?? new Int32Array();
  const latestCapture = [...new Set(latest)];
  const seenOrder: number[] = [];
  const seen = new Set<number>();
  for (let c = plan.captures.length - 1; c >= 0; c--) {
    for (const fiction of plan.captures[c] as Int32Array) {
      if (!seen.has(fiction)) {
        seen.add(fiction);
        seenOrder.push(fiction);
      }
    }
  }
  const byFollowers = Array.from({ length: scale.fictions }, (_, i) => i).sort(
    (a, b) => (facts.followers[b] as number) - (facts.followers[a] as number) || a - b,
  );
  const heavyList = heavyEntries({
    seed,
    user: heavy,
    end,
    count: scale.heavyEntries,
    latestCapture,
    risingStars: seenOrder,
    byFollowers,
    chapters: facts.chapters,
  });
  await write(heavy, heavyList);
  const onLatest = new Set(latestCapture);

  let reported = 0;
  for (const [k, reader] of readers.entries()) {
    await write(
      reader,
      readerEntries({
        seed,
        n: k + 1,
        user: reader,
        end,
        popularity,
        chapters: facts.chapters,
        maxEntries: scale.maxEntries,
      }),
    );
    if (k + 1 === readers.length || k + 1 - reported >= readers.length / 5) {
      reported = k + 1;
      await entries.flush();
      log(
        `  readers ${(k + 1).toLocaleString('en')}/${readers.length.toLocaleString('en')}, list entries ${entries.written.toLocaleString('en')} (${seconds(started)} s)`,
      );
    }
  }
  await entries.flush();
  return {
    users: inserter.written,
    listEntries: entries.written,
    heavy: {
      email: HEAVY_EMAIL,
      favorites: heavyList.length,
      withRisingStars: heavyList.filter((entry) => seen.has(entry.fiction)).length,
      onLatestCapture: heavyList.filter((entry) => onLatest.has(entry.fiction)).length,
    },
  };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Writes the demo data set (see the header of this file). */
export async function seedDemo(database: Database, options: SeedDemoOptions): Promise<DemoSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const scale = typeof options.scale === 'string' ? SCALES[options.scale] : options.scale;
  if (!scale)
    throw new Error(`Unknown scale ${String(options.scale)}: use ${Object.keys(SCALES).join(' or ')}.`);
  if (scale.fictions > DEMO_ID_RANGE) throw new Error(`At most ${DEMO_ID_RANGE} demo fictions.`);
  const end = startOfUtcDay(options.end ?? now());
  log(`Seeding the ${scale.name} demo data set, every time before ${end.toISOString()} (seed ${DEMO_SEED}).`);

  const plan = buildPlan(scale, end.getTime(), DEMO_SEED);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  log(
    `  planned ${scale.fictions.toLocaleString('en')} fictions and ${plan.captures.length} captures (${seconds(started)} s)`,
  );

  // A big page cache for the big transaction (SQLite's default 2 MB spills pages to disk over and over).
  const cacheSize =
    database.dialect === 'sqlite'
      ? (await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db)).rows[0]?.cache_size
      : undefined;
  if (cacheSize !== undefined) await sql`pragma cache_size = -262144`.execute(database.db);
  const load = () =>
    database.db.transaction().execute(async (trx) => {
      const existing = await existingDemo(trx);
      if (existing.fictions + existing.users + existing.runs > 0) {
        if (!options.replace) {
          throw new DemoDataExistsError(
            `This database already has demo data (${existing.fictions} demo fictions, ${existing.users} demo accounts, ${existing.runs} seed-demo runs). ` +
              'Run seed-demo with --replace to delete it and seed again, or use an empty database.',
          );
        }
        const clearing = performance.now();
        await clearDemo(trx);
        log(`  deleted the earlier demo data (${seconds(clearing)} s)`);
      }
      const first = plan.captureTimes[0];
      const last = plan.captureTimes.at(-1);
      if (first !== undefined && last !== undefined) {
        const times = new Set(plan.captureTimes.map(iso));
        const clashes = await trx
          .selectFrom('rising_star_captures')
          .select('captured_at')
          .where('captured_at', '>=', iso(first))
          .where('captured_at', '<=', iso(last))
          .execute();
        const clash = clashes.find((row) => times.has(new Date(row.captured_at).toISOString()));
        if (clash) {
          throw new Error(
            `A Rising Stars capture already exists at ${clash.captured_at}: choose another --end.`,
          );
        }
      }

      const run = await trx
        .insertInto('job_runs')
        .values({
          job: DEMO_JOB,
          trigger: 'cli',
          status: 'running',
          params: JSON.stringify({ scale: scale.name, end: end.toISOString(), seed: DEMO_SEED }),
          counts: '{}',
          created_at: now().toISOString(),
          started_at: now().toISOString(),
          heartbeat_at: now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const facts = await writeFictions(trx, database.dialect, plan, log);
      const risingStars = await writeCaptures(trx, database.dialect, plan, facts, run.id, log);
      const people = await writeUsers(trx, database.dialect, plan, facts, passwordHash, log);
      const counts = {
        fictions: scale.fictions,
        snapshots: facts.snapshots,
        captures: risingStars.captures,
        entries: risingStars.entries,
        users: people.users,
        listEntries: people.listEntries,
      };
      await trx
        .updateTable('job_runs')
        .set({
          status: 'succeeded',
          counts: JSON.stringify(counts),
          progress_done: 1,
          progress_total: 1,
          finished_at: now().toISOString(),
          heartbeat_at: now().toISOString(),
        })
        .where('id', '=', run.id)
        .execute();
      return { counts, facts, heavy: people.heavy };
    });

  let totals: Awaited<ReturnType<typeof load>>;
  try {
    totals = await load();
  } finally {
    if (cacheSize !== undefined)
      await sql.raw(`pragma cache_size = ${Number(cacheSize)}`).execute(database.db);
  }
  if (database.dialect === 'sqlite') {
    // One big transaction grew the write-ahead log: fold it into the database file and truncate it.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
  } else {
    // Fresh statistics, as autovacuum would gather soon, so the first queries get good plans.
    const analyzing = performance.now();
    await sql`analyze fictions, fiction_snapshots, rising_star_captures, rising_star_entries, users, user_fictions`.execute(
      database.db,
    );
    log(`  analyzed the tables (${seconds(analyzing)} s)`);
  }

  const { counts, facts, heavy } = totals;
  const topOfMain = plan.captures.at(-1)?.[0] ?? 0;
  return {
    scale: scale.name,
    end: end.toISOString(),
    seconds: Number(seconds(started)),
    counts,
    wellKnown: {
      royalroadIds: [DEMO_ROYALROAD_BASE, DEMO_ROYALROAD_BASE + scale.fictions - 1],
      historyRoyalroadIds: [DEMO_ROYALROAD_BASE, DEMO_ROYALROAD_BASE + scale.historyFictions - 1],
      risersRoyalroadIds: [
        DEMO_ROYALROAD_BASE + scale.trackedEstablished,
        DEMO_ROYALROAD_BASE + scale.trackedEstablished + scale.risers - 1,
      ],
      mostFollowed: {
        royalroadId: DEMO_ROYALROAD_BASE,
        title: facts.titles[0] ?? '',
        followers: facts.followers[0] ?? 0,
        snapshots: facts.firstSnapshots,
      },
      topOfMain: { royalroadId: DEMO_ROYALROAD_BASE + topOfMain, title: facts.titles[topOfMain] ?? '' },
      captures: [iso(plan.captureTimes[0] ?? 0), iso(plan.captureTimes.at(-1) ?? 0)],
      heavy,
      admin: ADMIN_EMAIL,
      readers: [readerEmail(1), readerEmail(scale.readers)],
      password: DEMO_PASSWORD,
    },
  };
}

/** The summary as lines for a terminal. */
export function formatSummary(summary: DemoSummary): string[] {
  const n = (value: number) => value.toLocaleString('en');
  const { counts, wellKnown: known } = summary;
  return [
    `Seeded the ${summary.scale} demo in ${summary.seconds} s (every time before ${summary.end}):`,
    `  ${n(counts.fictions)} fictions, ${n(counts.snapshots)} snapshots, ${n(counts.captures)} Rising Stars captures with ${n(counts.entries)} entries, ${n(counts.users)} accounts with ${n(counts.listEntries)} list entries.`,
    'Well-known records:',
    `  fictions: royalroad ids ${known.royalroadIds[0]}…${known.royalroadIds[1]}; daily history for ${known.historyRoyalroadIds[0]}…${known.historyRoyalroadIds[1]}; Rising Stars risers ${known.risersRoyalroadIds[0]}…${known.risersRoyalroadIds[1]}`,
    `  most followed: ${known.mostFollowed.royalroadId} "${known.mostFollowed.title}" (${n(known.mostFollowed.followers)} followers, ${known.mostFollowed.snapshots} snapshots)`,
    `  #1 on the latest main list: ${known.topOfMain.royalroadId} "${known.topOfMain.title}"`,
    `  captures: ${known.captures[0]} … ${known.captures[1]}`,
    `  ${known.heavy.email}: ${known.heavy.favorites} favorites, ${known.heavy.withRisingStars} with Rising Stars records, ${known.heavy.onLatestCapture} on the latest capture`,
    `  ${known.admin} (administrator); readers ${known.readers[0]} … ${known.readers[1]}`,
    `  password of every demo account: ${known.password}`,
  ];
}

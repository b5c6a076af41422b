/**
 * Demo data for development, end-to-end tests and benchmarks:
 *
 *   npm run cli -- seed-demo [--scale small|large|years] [--end YYYY-MM-DD] [--replace]
 *
 * What the data is, is decided by @rrc/demo-data (packages/demo-data: the plan, built from models of the
 * fictions, Rising Stars and readers, no database); this tool writes it through db/bulk-load.ts (one
 * transaction, thousands of rows per statement) and prints a summary.
 *
 * Scales (see SCALES in @rrc/demo-data's plan.ts):
 * - small (default): 500 fictions, 60 daily snapshots for 100 of them, 7 days of Rising Stars
 *   (4 captures a day, all 70 lists, 50 entries each), 50 readers with up to 100 list entries. Seconds.
 * - large: 50,000 fictions, a year of daily snapshots for 5,000 of them, 90 days of Rising Stars,
 *   10,000 readers with up to 500 list entries each (about 2.9 million rows). Measured on the 2-core
 *   machine: about 25 s on SQLite (a 440 MiB file), about 55 s on PostgreSQL 15 (668 MB).
 * - years: the large catalog and readers after three years: 1,095 days of Rising Stars (4,380 captures,
 *   about 14,000 list entries a day, 15.3 million in all) and 1,095 daily snapshots for the 5,000 history
 *   fictions (about 4.7 million), with 10,000 risers (launched over 1,245 days) to fill the lists.
 *   For the growth benchmark (`BENCH_SCALE=years npm run bench`). Measured on the shared 2-core machine
 *   while other work ran: 16 min on SQLite (a 2.7 GiB file), 29 min on PostgreSQL 15 (4.9 GiB); the large
 *   scale took 79 s and 279 s there at the same time. The plan alone (4,380 captures as Int32Array,
 *   61 MB) takes about 20 s; the load's memory peaks at about 1.3 GB on SQLite (its page cache).
 *
 * Deterministic: one seeded PRNG stream per fiction, capture and reader (@rrc/demo-data's random.ts), so the same scale
 * and end date give the same rows, whatever the database (ids aside, which the database assigns).
 * Times are relative to the end date: by default the UTC midnight that starts the current day, so the
 * last captures and snapshots are from yesterday; `--end` pins it (tests use 2026-11-21). Another end
 * date shifts every timestamp and changes no value. Only the password hash (salted) and the seed-demo
 * job run's own timestamps differ between runs.
 *
 * Distributions are fitted to the real Royal Road sample of July 2026 (fictions-model.ts,
 * rising-stars-model.ts, users-model.ts). Not generated: covers (image_url is null, so pages make no
 * requests to Royal Road's CDN) and chapter lists (fiction_chapters), but for the first 6 fictions: 500
 * chapters each, evenly over the history window (analytics and its benchmark).
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
 *
 * `seedDemoCommand` is the command line's seed-demo (cli.ts): its options, then the load and the summary.
 */

import {
  ADMIN_EMAIL,
  buildPlan,
  DAY_MS,
  DEMO_EMAIL_DOMAIN,
  DEMO_ID_RANGE,
  DEMO_PASSWORD,
  DEMO_ROYALROAD_BASE,
  DEMO_SEED,
  type DemoScale,
  HEAVY_EMAIL,
  readerEmail,
  SCALES,
  type ScaleName,
} from '@rrc/demo-data';
import { bulkLoad, type LoadMarks } from '../db/bulk-load.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { iso, seconds } from './demo/times.ts';
import { writeAlerts } from './demo/write-alerts.ts';
import { writeFictions } from './demo/write-fictions.ts';
import { type HeavyReader, writeUsers } from './demo/write-readers.ts';
import { writeCaptures } from './demo/write-rising-stars.ts';

export { ADMIN_EMAIL, DEMO_PASSWORD, HEAVY_EMAIL, SCALES, type ScaleName };

/** The job run that marks the demo's Rising Stars captures. */
export const DEMO_JOB = 'seed-demo';

const DEMO_MARKS: LoadMarks = {
  royalroadIds: [DEMO_ROYALROAD_BASE, DEMO_ROYALROAD_BASE + DEMO_ID_RANGE],
  emailDomain: DEMO_EMAIL_DOMAIN,
  job: DEMO_JOB,
};

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
    /** The main list's entries and exits, and readers' in-app notifications of them. */
    events: number;
    notifications: number;
  };
  wellKnown: {
    royalroadIds: [first: number, last: number];
    historyRoyalroadIds: [first: number, last: number];
    risersRoyalroadIds: [first: number, last: number];
    mostFollowed: { royalroadId: number; title: string; followers: number; snapshots: number };
    topOfMain: { royalroadId: number; title: string };
    captures: [first: string, last: string];
    heavy: HeavyReader;
    admin: string;
    readers: [first: string, last: string];
    password: string;
  };
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

/** Writes the demo data set (see the header of this file). */
export async function seedDemo(database: Database, options: SeedDemoOptions): Promise<DemoSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const scale = typeof options.scale === 'string' ? SCALES[options.scale] : options.scale;
  if (!scale)
    throw new Error(`Unknown scale ${String(options.scale)}: use one of ${Object.keys(SCALES).join(', ')}.`);
  if (scale.fictions > DEMO_ID_RANGE) throw new Error(`At most ${DEMO_ID_RANGE} demo fictions.`);
  const end = startOfUtcDay(options.end ?? now());
  log(`Seeding the ${scale.name} demo data set, every time before ${end.toISOString()} (seed ${DEMO_SEED}).`);

  const plan = buildPlan(scale, end.getTime(), DEMO_SEED);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  log(
    `  planned ${scale.fictions.toLocaleString('en')} fictions and ${plan.captures.length} captures (${seconds(started)} s)`,
  );

  const totals = await bulkLoad(
    database,
    async (load) => {
      const existing = await load.countMarked(DEMO_MARKS);
      if (existing.fictions + existing.users + existing.runs > 0) {
        if (!options.replace) {
          throw new DemoDataExistsError(
            `This database already has demo data (${existing.fictions} demo fictions, ${existing.users} demo accounts, ${existing.runs} seed-demo runs). ` +
              'Run seed-demo with --replace to delete it and seed again, or use an empty database.',
          );
        }
        const clearing = performance.now();
        await load.deleteMarked(DEMO_MARKS);
        log(`  deleted the earlier demo data (${seconds(clearing)} s)`);
      }
      const clash = await load.captureAmong(plan.captureTimes.map(iso));
      if (clash !== undefined) {
        throw new Error(`A Rising Stars capture already exists at ${clash}: choose another --end.`);
      }

      const runId = await load.startRun({
        job: DEMO_JOB,
        trigger: 'cli',
        params: { scale: scale.name, end: end.toISOString(), seed: DEMO_SEED },
        at: now().toISOString(),
      });
      const facts = await writeFictions(load, plan, log);
      const risingStars = await writeCaptures(load, plan, facts, runId, log);
      await load.rebuildDerived();
      const people = await writeUsers(load, plan, facts, passwordHash, log);
      const alerts = await writeAlerts(load, plan, facts, risingStars.captureIds, end.getTime(), log);
      const counts = {
        fictions: scale.fictions,
        snapshots: facts.snapshots,
        captures: risingStars.captures,
        entries: risingStars.entries,
        users: people.users,
        listEntries: people.listEntries,
        events: alerts.events,
        notifications: alerts.notifications,
      };
      await load.finishRun(runId, { counts, at: now().toISOString() });
      return { counts, facts, heavy: people.heavy };
    },
    {
      analyze: [
        'fictions',
        'fiction_snapshots',
        'fiction_chapters',
        'rising_star_captures',
        'rising_star_entries',
        'rising_star_main_entrants',
        'users',
        'user_fictions',
        'fiction_events',
        'notifications',
      ],
      log,
    },
  );

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
    `  ${n(counts.fictions)} fictions, ${n(counts.snapshots)} snapshots, ${n(counts.captures)} Rising Stars captures with ${n(counts.entries)} entries, ${n(counts.users)} accounts with ${n(counts.listEntries)} list entries, ${n(counts.events)} main-list entries and exits with ${n(counts.notifications)} notifications.`,
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

/** Options of seed-demo: --scale small|large|years, --end YYYY-MM-DD, --replace (also --name=value). */
function parseSeedDemoArgs(args: string[]): { scale: ScaleName; end?: Date; replace: boolean } | string {
  const options: { scale: ScaleName; end?: Date; replace: boolean } = { scale: 'small', replace: false };
  for (let k = 0; k < args.length; k++) {
    const [name, inline] = (args[k] as string).split('=', 2) as [string, string | undefined];
    const value = () => inline ?? args[++k];
    if (name === '--replace') options.replace = true;
    else if (name === '--scale') {
      const scale = value();
      if (!scale || !Object.hasOwn(SCALES, scale))
        return `--scale must be one of ${Object.keys(SCALES).join(', ')}.`;
      options.scale = scale as ScaleName;
    } else if (name === '--end') {
      const end = value();
      if (!end || !/^\d{4}-\d{2}-\d{2}$/.test(end) || Number.isNaN(Date.parse(`${end}T00:00:00Z`)))
        return '--end must be a date like 2026-11-21 (every demo time is before its midnight UTC).';
      options.end = new Date(`${end}T00:00:00Z`);
    } else return `Unknown option for seed-demo: ${args[k]}`;
  }
  return options;
}

/** `npm run cli -- seed-demo …`: the exit status; a wrong option is said with `usage` after it. */
export async function seedDemoCommand(database: Database, args: string[], usage: string): Promise<number> {
  const options = parseSeedDemoArgs(args);
  if (typeof options === 'string') {
    console.error(`${options}\n\n${usage}`);
    return 1;
  }
  await migrateToLatest(database);
  try {
    const summary = await seedDemo(database, { ...options, log: (line) => console.log(line) });
    for (const line of formatSummary(summary)) console.log(line);
    return 0;
  } catch (error) {
    if (error instanceof DemoDataExistsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

// Growth: the same HTTP table on the large demo data (90 days of Rising Stars, a year of snapshots) and on
// the years data (three years of both), compared endpoint by endpoint; the database's size at each, the
// bytes one Rising Stars list entry and one snapshot take (size delta / rows delta, tables with their
// indexes), a ten-year projection, and the query plans behind the Rising Stars pages, which must read no
// more rows than their answers need whatever the history held (no scan of the Rising Stars tables).
import { statSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { HttpBenchResult } from './http-bench.ts';

/** A years p99 passes when at most this times the large one… */
export const GROWTH_FACTOR = 1.5;
/** …or the floor: below it a p99 is scheduling noise on a busy machine, not work that grew. */
export const GROWTH_FLOOR_MS = 10;
const YEAR_DAYS = 365;
const PROJECTION_YEARS = 10;
/** What the catalog adds a day at any scale: 4 captures of 70 lists of 50, and 5,000 daily snapshots. */
const ENTRIES_PER_DAY = 4 * 70 * 50;
const SNAPSHOTS_PER_DAY = 5_000;

export interface DatabaseSize {
  /** The whole database: the SQLite file, or pg_database_size. */
  bytes: number;
  /** Rising Stars: captures and list entries with their indexes. */
  risingStars: { bytes: number; entries: number };
  /** fiction_snapshots with its indexes. */
  snapshots: { bytes: number; rows: number };
}

export interface GrowthRow {
  name: string;
  largeP99: number;
  yearsP99: number;
  ratio: number;
  passed: boolean;
}

export interface PlanCheck {
  name: string;
  sql: string;
  plan: string[];
  /** Lines of the plan that read more Rising Stars rows than the answer needs (see wastefulLines). */
  scans: string[];
}

const isPostgres = (url: string) => url.startsWith('postgres');

/** The size of the database at `url` and of its Rising Stars and snapshot tables. */
export async function measureSize(url: string): Promise<DatabaseSize> {
  if (!isPostgres(url)) {
    const file = url.slice('sqlite:'.length);
    const db = new Sqlite(file, { readonly: true });
    try {
      // dbstat: the pages of every table and index; indexes are counted with their table.
      const pages = db
        .prepare(
          `select m.tbl_name as tbl, sum(s.pgsize) as bytes
           from dbstat as s join sqlite_master as m on m.name = s.name
           where s.aggregate = 1 group by m.tbl_name`,
        )
        .all() as Array<{ tbl: string; bytes: number }>;
      const bytesOf = (...tables: string[]) =>
        pages.filter((row) => tables.includes(row.tbl)).reduce((sum, row) => sum + row.bytes, 0);
      const count = (table: string) =>
        (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      return {
        bytes: statSync(file).size,
        risingStars: {
          bytes: bytesOf('rising_star_captures', 'rising_star_entries'),
          entries: count('rising_star_entries'),
        },
        snapshots: { bytes: bytesOf('fiction_snapshots'), rows: count('fiction_snapshots') },
      };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text: string) => Number((await client.query(text)).rows[0]?.n ?? 0);
    return {
      bytes: await one('select pg_database_size(current_database()) as n'),
      risingStars: {
        bytes: await one(
          "select pg_total_relation_size('rising_star_captures') + pg_total_relation_size('rising_star_entries') as n",
        ),
        entries: await one('select count(*) as n from rising_star_entries'),
      },
      snapshots: {
        bytes: await one("select pg_total_relation_size('fiction_snapshots') as n"),
        rows: await one('select count(*) as n from fiction_snapshots'),
      },
    };
  } finally {
    await client.end();
  }
}

/** Endpoint by endpoint: the years p99 against the large one (with the floor). */
export function compareGrowth(large: HttpBenchResult, years: HttpBenchResult): GrowthRow[] {
  return large.endpoints.flatMap((before) => {
    const after = years.endpoints.find((entry) => entry.name === before.name);
    if (!after) return [];
    const ratio = after.p99 / Math.max(before.p99, 0.001);
    const passed = after.errors === 0 && after.p99 <= GROWTH_FACTOR * Math.max(before.p99, GROWTH_FLOOR_MS);
    return [{ name: before.name, largeP99: before.p99, yearsP99: after.p99, ratio, passed }];
  });
}

export function printGrowth(label: string, rows: GrowthRow[]) {
  const num = (value: number, digits = 1) => value.toFixed(digits).padStart(10);
  console.log(
    `Growth on ${label}: p99 at 50 connections, 90 days of history (large) against three years (years)`,
  );
  console.log(
    `  PASS when years p99 ≤ ${GROWTH_FACTOR} × max(large p99, ${GROWTH_FLOOR_MS} ms): below ${GROWTH_FLOOR_MS} ms a p99 is noise, not work`,
  );
  console.log(
    `  ${'endpoint'.padEnd(32)} ${'large p99'.padStart(10)} ${'years p99'.padStart(10)} ${'ratio'.padStart(10)}`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(32)} ${num(row.largeP99)} ${num(row.yearsP99)} ${num(row.ratio, 2)}  ${row.passed ? 'PASS' : 'MISS'}`,
    );
  }
}

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
const gib = (bytes: number) => `${(bytes / 1024 / MIB).toFixed(1)} GiB`;

/** Sizes at 90 days and three years, bytes per entry and per snapshot, and the ten-year projection. */
export function printSizes(label: string, large: DatabaseSize, years: DatabaseSize) {
  const perEntry =
    (years.risingStars.bytes - large.risingStars.bytes) /
    (years.risingStars.entries - large.risingStars.entries);
  const perSnapshot =
    (years.snapshots.bytes - large.snapshots.bytes) / (years.snapshots.rows - large.snapshots.rows);
  const perYear = YEAR_DAYS * (ENTRIES_PER_DAY * perEntry + SNAPSHOTS_PER_DAY * perSnapshot);
  const tenYears = years.bytes + (PROJECTION_YEARS - 3) * perYear;
  console.log(`Database size on ${label}`);
  console.log(
    `  90 days (large): ${mib(large.bytes)}; Rising Stars ${mib(large.risingStars.bytes)} for ${large.risingStars.entries.toLocaleString('en')} list entries, snapshots ${mib(large.snapshots.bytes)} for ${large.snapshots.rows.toLocaleString('en')}`,
  );
  console.log(
    `  three years (years): ${mib(years.bytes)}; Rising Stars ${mib(years.risingStars.bytes)} for ${years.risingStars.entries.toLocaleString('en')} list entries, snapshots ${mib(years.snapshots.bytes)} for ${years.snapshots.rows.toLocaleString('en')}`,
  );
  console.log(
    `  per Rising Stars list entry ${perEntry.toFixed(0)} bytes (a capture of 3,500: ${((3_500 * perEntry) / 1024).toFixed(0)} KiB), per snapshot ${perSnapshot.toFixed(0)} bytes (tables with their indexes)`,
  );
  console.log(
    `  a year adds ${mib(perYear)} (${ENTRIES_PER_DAY.toLocaleString('en')} entries and ${SNAPSHOTS_PER_DAY.toLocaleString('en')} snapshots a day); projected at ${PROJECTION_YEARS} years: ${gib(tenYears)}`,
  );
  return { perEntry, perSnapshot, perYear, tenYears };
}

// The queries behind the Rising Stars pages, as the rising-stars repository writes them (method named).
const READABLE = "('complete', 'partial')";
const ENTRY_COLUMNS = `fictions.id as id, fictions.royalroad_id as royalroad_id, fictions.title as title,
  fictions.author_name as author_name, fictions.image_url as image_url, rising_star_entries.genre as genre,
  rising_star_entries.position as position, rising_star_captures.captured_at as captured_at`;
const ENTRIES = `rising_star_entries
  inner join rising_star_captures on rising_star_captures.id = rising_star_entries.capture_id
  inner join fictions on fictions.id = rising_star_entries.fiction_id`;

function planQueries(facts: {
  latestId: number;
  latestAt: string;
  previousId: number;
  mainFictionIds: number[];
  fictionId: number;
  start: string;
  end: string;
}): Array<{ name: string; sql: string }> {
  const latestCapture = `select id, captured_at from rising_star_captures where status in ${READABLE}
    order by captured_at desc limit 1`;
  const previousCapture = `select id, captured_at from rising_star_captures where status in ${READABLE}
    and captured_at < '${facts.latestAt}' order by captured_at desc limit 1`;
  const captureEntries = (id: number) => `select rising_star_entries.genre, rising_star_entries.position,
    fictions.id as fiction_id, fictions.royalroad_id, fictions.title from rising_star_entries
    inner join fictions on fictions.id = rising_star_entries.fiction_id
    where rising_star_entries.capture_id = ${id}
    order by rising_star_entries.genre, rising_star_entries.position`;
  return [
    { name: 'main list, position calculator: latestCapture', sql: latestCapture },
    {
      name: 'main list: latestEntries(main)',
      sql: `select ${ENTRY_COLUMNS} from ${ENTRIES}
      where rising_star_entries.capture_id = ${facts.latestId} and rising_star_entries.genre = 'main'
      order by rising_star_entries.genre, rising_star_entries.position`,
    },
    { name: 'main list, position calculator: previousCapture', sql: previousCapture },
    {
      name: 'main list: mainHistory (the 50 on the list)',
      sql: `select rising_star_entries.fiction_id,
      rising_star_entries.position, rising_star_captures.captured_at from rising_star_entries
      inner join rising_star_captures on rising_star_captures.id = rising_star_entries.capture_id
      where rising_star_entries.genre = 'main' and rising_star_entries.fiction_id in (${facts.mainFictionIds.join(', ')})
      and rising_star_captures.status in ${READABLE} order by rising_star_captures.captured_at`,
    },
    { name: 'position calculator: captureEntries(latest)', sql: captureEntries(facts.latestId) },
    { name: 'position calculator: captureEntries(previous)', sql: captureEntries(facts.previousId) },
    {
      name: 'position calculator: bestPositions',
      sql: `select genre, min(position) as best
      from rising_star_entries where fiction_id = ${facts.fictionId} group by genre`,
    },
    {
      name: 'fiction page: recordsForFiction',
      sql: `select rising_star_entries.fiction_id,
      rising_star_entries.genre, rising_star_entries.position, rising_star_captures.captured_at
      from rising_star_entries
      inner join rising_star_captures on rising_star_captures.id = rising_star_entries.capture_id
      where rising_star_entries.fiction_id = ${facts.fictionId} and rising_star_captures.status in ${READABLE}
      order by rising_star_captures.captured_at, rising_star_entries.genre`,
    },
    {
      name: 'replay window (10 days of main): range',
      sql: `select ${ENTRY_COLUMNS} from ${ENTRIES}
      where rising_star_entries.capture_id in (select id from rising_star_captures where status in ${READABLE}
        and captured_at >= '${facts.start}' and captured_at <= '${facts.end}')
      and rising_star_entries.genre = 'main'
      and rising_star_captures.captured_at >= '${facts.start}' and rising_star_captures.captured_at <= '${facts.end}'
      order by rising_star_captures.captured_at, rising_star_entries.position`,
    },
  ];
}

/**
 * Lines of a plan that read more of the Rising Stars tables than the answer needs. SQLite: a scan of
 * either table, or entries found otherwise than by capture or fiction (by list alone, every capture's
 * entries of that list); the one allowed walk is the captures' time index, newest first, that a `limit 1`
 * stops at the first finished capture. PostgreSQL (EXPLAIN ANALYZE): a sequential scan of either table,
 * or more than a thousand rows read and thrown away by a filter.
 */
function wastefulLines(plan: string[], sql: string): string[] {
  const limitedWalk = /order by captured_at desc limit 1$/.test(sql);
  return plan.filter((line, k) => {
    if (/Seq Scan on (rising_star_entries|rising_star_captures)\b/.test(line)) return true;
    const removed = /Rows Removed by Filter: (\d+)/.exec(line);
    if (removed && Number(removed[1]) > 1_000)
      return /rising_star/.test(
        plan
          .slice(0, k)
          .reverse()
          .find((l) => /Scan/.test(l)) ?? '',
      );
    if (/^SCAN rising_star_captures USING INDEX sqlite_autoindex_rising_star_captures_1$/.test(line))
      return !limitedWalk;
    if (/^SCAN rising_star_(entries|captures)\b/.test(line)) return true;
    return /^SEARCH rising_star_entries\b/.test(line) && !/\b(capture_id|fiction_id)=\?/.test(line);
  });
}

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/**
 * The plans of the queries behind the Rising Stars main list, the position calculator, a fiction's Rising
 * Stars history and the replay window, on the database at `url` (SQLite: EXPLAIN QUERY PLAN; PostgreSQL:
 * EXPLAIN (ANALYZE, BUFFERS)).
 */
export async function explainRisingStars(url: string): Promise<PlanCheck[]> {
  const postgres = isPostgres(url);
  const sqlite = postgres ? undefined : new Sqlite(url.slice('sqlite:'.length), { readonly: true });
  const client = postgres ? new pg.Client({ connectionString: url }) : undefined;
  await client?.connect();
  const rows = async (text: string): Promise<Array<Record<string, unknown>>> =>
    sqlite
      ? (sqlite.prepare(text).all() as Array<Record<string, unknown>>)
      : ((await client?.query(text))?.rows ?? []);
  try {
    const captures = await rows(
      `select id, captured_at from rising_star_captures where status in ${READABLE} order by captured_at desc limit 2`,
    );
    const [latest, previous] = captures as Array<{ id: number; captured_at: string | Date }>;
    if (!latest || !previous) throw new Error('explain needs two Rising Stars captures: seed first');
    const latestAt = new Date(latest.captured_at).toISOString();
    const main = (await rows(
      `select fiction_id from rising_star_entries where capture_id = ${latest.id} and genre = 'main' order by position`,
    )) as Array<{ fiction_id: number }>;
    const fictionId = main.at(-1)?.fiction_id ?? 0;
    // The replay window of the HTTP table: the ten days before the latest capture's date.
    const endDate = latestAt.slice(0, 10);
    const startDate = new Date(Date.parse(endDate) - 10 * 86_400_000).toISOString().slice(0, 10);
    const queries = planQueries({
      latestId: latest.id,
      latestAt,
      previousId: previous.id,
      mainFictionIds: main.map((row) => row.fiction_id),
      fictionId,
      start: startDate,
      end: endDate,
    });
    const checks: PlanCheck[] = [];
    for (const query of queries) {
      const plan = sqlite
        ? (
            sqlite.prepare(`explain query plan ${query.sql}`).all() as Array<{
              detail: string;
              id: number;
              parent: number;
            }>
          ).map((row) => row.detail)
        : (
            (await client?.query(`explain (analyze, buffers, costs off, timing off) ${query.sql}`))?.rows ??
            []
          ).map((row: Record<string, unknown>) => String(row['QUERY PLAN']));
      const sql = oneLine(query.sql);
      checks.push({ name: query.name, sql, plan, scans: wastefulLines(plan, sql) });
    }
    return checks;
  } finally {
    sqlite?.close();
    await client?.end();
  }
}

export function printPlans(label: string, checks: PlanCheck[]) {
  console.log(
    `Query plans on ${label}, three years of Rising Stars (${label === 'SQLite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN (ANALYZE, BUFFERS)'}): entries found by capture or fiction, captures by id or time, no scan`,
  );
  for (const check of checks) {
    console.log(
      `  ${check.name}: ${check.scans.length === 0 ? 'PASS' : `MISS (reads more than the answer: ${check.scans.join('; ')})`}`,
    );
    console.log(`    ${check.sql}`);
    for (const line of check.plan) console.log(`      ${line}`);
  }
}

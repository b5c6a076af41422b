// Growth: the same HTTP table on the large demo data (90 days of Rising Stars, a year of snapshots) and on
// the years data (three years of both), compared endpoint by endpoint; the database's size at each, the
// bytes one Rising Stars list entry and one snapshot take (size delta / rows delta, tables with their
// indexes), a ten-year projection, and the query plans behind the Rising Stars pages, which must read no
// more rows than their answers need whatever the history held (no scan of the Rising Stars tables).
import { statSync } from 'node:fs';
import { openDatabase } from '@rrc/server/db/database';
import {
  type EnsureFictions,
  type RisingStarsRepository,
  risingStarsRepository,
} from '@rrc/server/rising-stars/repository';
import Sqlite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
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
    // A burst's latencies are those of a queue kept short on purpose, not of reading history.
    if (before.target.kind === 'burst') return [];
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
    `Growth on ${label}: p99 at 50 connections, 90 days of history (large) against three years (years), both served at once and measured alternately`,
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

/**
 * Lines of a plan that read more of the Rising Stars tables than the answer needs. SQLite: a scan of
 * either table, or entries found otherwise than by capture or fiction (by list alone, every capture's
 * entries of that list); the one allowed walk is the captures' time index, newest first, that a `limit 1`
 * stops at the first finished capture. PostgreSQL (EXPLAIN ANALYZE): a sequential scan of either table,
 * or more than a thousand rows read and thrown away by a filter.
 */
function wastefulLines(plan: string[], sql: string): string[] {
  const limitedWalk = /order by "?captured_at"? desc limit 1$/.test(sql);
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

/** A statement's text with its parameters written in, for reading (the plan is taken with them bound). */
function withValues(query: CompiledQuery): string {
  let next = 0;
  return oneLine(query.sql).replace(/\$(\d+)|\?/g, (marker, n: string | undefined) => {
    const value = query.parameters[n === undefined ? next++ : Number(n) - 1];
    return typeof value === 'string' ? `'${value}'` : String(value ?? marker);
  });
}

/** Reads of the rising-stars repository; the repository is handed in so the statements it runs are caught. */
type Reads = (repository: RisingStarsRepository) => Array<{ name: string; read: () => Promise<unknown> }>;

/**
 * The reads behind the Rising Stars main list, the position calculator, a fiction's Rising Stars history
 * and the replay window, as the server makes them: the rising-stars repository's own methods, run on the
 * database at `url` with every statement caught, then each statement explained with its parameters
 * (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS), once as sent and once as the
 * generic plan of the statement kept prepared, which the server may come to run).
 */
export async function explainRisingStars(url: string): Promise<PlanCheck[]> {
  const postgres = isPostgres(url);
  const statements: Array<{ name: string; query: CompiledQuery }> = [];
  let reading = '';
  const database = openDatabase(url, {
    poolSize: 1,
    onQuery: (query) => statements.push({ name: reading, query }),
  });
  const noWrites: EnsureFictions = () => Promise.reject(new Error('the plans only read'));
  const repository = risingStarsRepository(database.db, noWrites);
  try {
    const latest = await repository.latestCapture();
    const previous = latest && (await repository.previousCapture(latest.captured_at));
    if (!latest || !previous) throw new Error('explain needs two Rising Stars captures: seed first');
    const main = await repository.latestEntries('main');
    const mainIds = main.entries.map((entry) => entry.id);
    const fictionId = mainIds.at(-1) ?? 0;
    // The replay window of the HTTP table: the ten days before the latest capture's date.
    const end = `${latest.captured_at.slice(0, 10)}T00:00:00.000Z`;
    const start = new Date(Date.parse(end) - 10 * 86_400_000).toISOString();
    const reads: Reads = (r) => [
      { name: 'main list, position calculator: latestCapture', read: () => r.latestCapture() },
      { name: 'main list: latestEntries(main)', read: () => r.latestEntries('main') },
      {
        name: 'main list, position calculator: previousCapture',
        read: () => r.previousCapture(latest.captured_at),
      },
      { name: 'main list: mainHistory (the 50 on the list)', read: () => r.mainHistory(mainIds) },
      { name: 'position calculator: captureEntries(latest)', read: () => r.captureEntries(latest.id) },
      { name: 'position calculator: captureEntries(previous)', read: () => r.captureEntries(previous.id) },
      { name: 'position calculator: bestPositions', read: () => r.bestPositions(fictionId) },
      { name: 'fiction page: recordsForFiction', read: () => r.recordsForFiction(fictionId) },
      {
        name: 'replay window (10 days of main): range',
        read: () => r.range({ genre: 'main', start, end }),
      },
    ];
    statements.length = 0;
    for (const { name, read } of reads(repository)) {
      reading = name;
      await read();
    }
  } finally {
    await database.close();
  }

  const sqlite = postgres ? undefined : new Sqlite(url.slice('sqlite:'.length), { readonly: true });
  const client = postgres ? new pg.Client({ connectionString: url }) : undefined;
  await client?.connect();
  try {
    const checks: PlanCheck[] = [];
    const analyze = 'explain (analyze, buffers, costs off, timing off)';
    const planOf = (result: { rows: Array<Record<string, unknown>> } | undefined) =>
      (result?.rows ?? []).map((row) => String(row['QUERY PLAN']));
    const literal = (value: unknown) =>
      value === null || value === undefined
        ? 'null'
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : (client as pg.Client).escapeLiteral(String(value));
    for (const statement of statements) {
      const { name, query } = statement;
      const parts = statements.filter((other) => other.name === name);
      const label = parts.length > 1 ? `${name} (${parts.indexOf(statement) + 1} of ${parts.length})` : name;
      const values = query.parameters as unknown[];
      const sql = withValues(query);
      if (sqlite) {
        const plan = (
          sqlite.prepare(`explain query plan ${query.sql}`).all(...values) as Array<{ detail: string }>
        ).map((row) => row.detail);
        checks.push({ name: label, sql, plan, scans: wastefulLines(plan, sql) });
        continue;
      }
      if (!client) continue;
      const plan = planOf(await client.query(`${analyze} ${query.sql}`, values));
      checks.push({ name: label, sql, plan, scans: wastefulLines(plan, sql) });
      // The server keeps its statements prepared, and PostgreSQL may then run one plan made for any
      // parameters: that plan must not read more than the answer needs either.
      if (values.length === 0) continue;
      await client.query(`prepare rrc_plan_check as ${query.sql}`);
      await client.query('set plan_cache_mode = force_generic_plan');
      try {
        const generic = planOf(
          await client.query(`${analyze} execute rrc_plan_check(${values.map(literal).join(', ')})`),
        );
        checks.push({
          name: `${label}, prepared`,
          sql,
          plan: generic,
          scans: wastefulLines(generic, sql),
        });
      } finally {
        await client.query('reset plan_cache_mode');
        await client.query('deallocate rrc_plan_check');
      }
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

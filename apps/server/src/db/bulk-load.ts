/**
 * Bulk loading: many rows written fast and in one transaction. Only the demo data uses it
 * (`npm run cli -- seed-demo`, tools/seed-demo.ts): about 2.9 million rows at the large scale.
 *
 * Why it bypasses the repositories: a repository writes what one request does (a fiction with its
 * snapshot, one list entry), a row or a few at a time, with the rules of its feature (upserts, favorite
 * positions, versions). Loading millions of rows that way would take hours. A bulk load writes rows the
 * caller has already made consistent, thousands per statement, straight into the tables; it checks only
 * that each row has one value per column, and the database's own constraints (foreign keys, unique keys,
 * not null) still hold. No request of the app goes through it.
 *
 * What it does:
 * - `bulkLoad(database, work)` runs `work` in one transaction, so a failure leaves the database as it
 *   was, then tidies up after the load (below).
 * - `load.inserter(table, columns)` queues rows and writes them thousands per INSERT, with a handful of
 *   bound parameters whatever the batch size, so each statement is tiny to parse and plan:
 *   - SQLite: INSERT … SELECT value ->> 0, value ->> 1, … FROM json_each(?), the batch bound as one JSON
 *     array of rows. Multi-row VALUES lists load no faster here, and each of their huge prepared
 *     statements holds megabytes of native memory until garbage collection gets to it (3 GB for the
 *     large demo).
 *   - PostgreSQL: INSERT … SELECT * FROM unnest($1::type[], $2::type[], …), one array per column. As fast
 *     as the biggest VALUES lists here (index upkeep dominates either way).
 *   Values are always bound, never spliced into the SQL.
 * - Marked rows: an earlier load is found and deleted by its marks (a range of royalroad ids, an email
 *   domain, a job name: `countMarked`, `deleteMarked`; deleting goes through the foreign keys, so rows
 *   pointing at marked ones go too), and the load is recorded as a job run (`startRun`, `finishRun`).
 *
 * Pragmas and upkeep:
 * - SQLite: `cache_size = -262144` (256 MiB) for the load, then back to what it was: with the default
 *   2 MB page cache the big transaction spills pages to disk over and over. Afterwards
 *   `wal_checkpoint(TRUNCATE)`: the one big transaction grew the write-ahead log; this folds it into the
 *   database file and truncates it.
 * - PostgreSQL: `analyze` of the loaded tables afterwards, fresh statistics as autovacuum would gather
 *   soon, so the first queries get good plans.
 */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database, Dialect } from './database.ts';
import { rebuildMainEntrants } from './main-entrants.ts';
import type { Schema } from './schema.ts';

/** Most bound parameters in one statement: SQLite's SQLITE_MAX_VARIABLE_NUMBER, PostgreSQL's protocol limit. */
export const MAX_PARAMETERS: Record<Dialect, number> = { sqlite: 32_766, postgres: 65_535 };

/** Rows per statement: bigger batches gained nothing measurable here. */
const ROWS_PER_STATEMENT = 5_000;

/** SQLite's page cache during a load, in KiB (negative: a size, not a page count). */
const LOAD_CACHE_SIZE = -262_144;

export type BulkTable = keyof Schema & string;

/** A column and, for PostgreSQL, its type (the arrays of unnest need one). */
export type Column = readonly [name: string, postgresType: string];

export interface BulkInserter {
  /** Queues one row (values in column order); true when a statement's worth is queued: flush then. */
  push(values: readonly unknown[]): boolean;
  /** Writes the queued rows; answers the `returning` columns of each, in order. */
  flush(): Promise<Array<Record<string, unknown>>>;
  readonly written: number;
}

/** What marks the rows of an earlier load. */
export interface LoadMarks {
  /** Fictions with royalroad ids from the first up to, not including, the second. */
  royalroadIds: readonly [from: number, to: number];
  /** Accounts whose address is at this domain. */
  emailDomain: string;
  /** Job runs of this name (and the Rising Stars captures they made). */
  job: string;
}

export interface BulkLoad {
  readonly dialect: Dialect;
  inserter(
    table: BulkTable,
    columns: readonly Column[],
    options?: { returning?: readonly string[]; maxRows?: number },
  ): BulkInserter;
  /** How many fictions, accounts and job runs carry the marks. */
  countMarked(marks: LoadMarks): Promise<{ fictions: number; users: number; runs: number }>;
  /** Deletes every row that carries the marks, and through the foreign keys whatever points at them. */
  deleteMarked(marks: LoadMarks): Promise<void>;
  /** One of `times` (ISO instants) at which a Rising Stars capture exists already, as stored. */
  captureAmong(times: readonly string[]): Promise<string | undefined>;
  /** Records the load as a running job run; answers its id. */
  startRun(run: { job: string; trigger: string; params: unknown; at: string }): Promise<number>;
  finishRun(id: number, run: { counts: unknown; at: string }): Promise<void>;
  /** Writes again what is derived from the loaded rows: the main Rising Stars list's entrants. */
  rebuildDerived(): Promise<void>;
  /**
   * The in-app notifications the events service would have written for the loaded events of these kinds
   * since `since`: one for each reader whose list held the fiction (watched by default) when it happened,
   * those before `readBefore` already read. Answers how many.
   */
  notifyListReaders(options: {
    kinds: readonly string[];
    since: string;
    readBefore: string;
  }): Promise<number>;
}

/** See the header: the rows are queued by `push` and written by `flush`. */
export function bulkInserter(
  // biome-ignore lint/suspicious/noExplicitAny: any schema; the SQL is built here
  db: Kysely<any>,
  dialect: Dialect,
  table: string,
  columns: readonly Column[],
  options: { returning?: readonly string[]; maxRows?: number } = {},
): BulkInserter {
  const width = columns.length;
  const maxRows = Math.max(1, options.maxRows ?? ROWS_PER_STATEMENT);
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const head = `insert into ${quote(table)} (${columns.map(([name]) => quote(name)).join(', ')}) `;
  const tail = options.returning?.length ? ` returning ${options.returning.map(quote).join(', ')}` : '';
  const text =
    dialect === 'postgres'
      ? `${head}select * from unnest(${columns.map(([, type], k) => `$${k + 1}::${type}[]`).join(', ')})${tail}`
      : `${head}select ${columns.map((_, k) => `value ->> ${k}`).join(', ')} from json_each(?)${tail}`;

  // SQLite: the rows; PostgreSQL: one array per column.
  let rows: unknown[][] = [];
  let arrays: unknown[][] = columns.map(() => []);
  let queued = 0;
  let written = 0;
  return {
    push(values) {
      if (values.length !== width) throw new Error(`${table}: ${values.length} values for ${width} columns`);
      if (dialect === 'postgres') for (let k = 0; k < width; k++) (arrays[k] as unknown[]).push(values[k]);
      else rows.push(values as unknown[]);
      queued++;
      return queued >= maxRows;
    },
    async flush() {
      if (queued === 0) return [];
      const query = CompiledQuery.raw(text, dialect === 'postgres' ? arrays : [JSON.stringify(rows)]);
      const count = queued;
      rows = [];
      arrays = columns.map(() => []);
      queued = 0;
      const result = await db.executeQuery(query);
      written += count;
      return result.rows as Array<Record<string, unknown>>;
    },
    get written() {
      return written;
    },
  };
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

function loadIn(db: Kysely<Schema>, dialect: Dialect): BulkLoad {
  const markedFictions = (marks: LoadMarks) =>
    db
      .selectFrom('fictions')
      .where('royalroad_id', '>=', marks.royalroadIds[0])
      .where('royalroad_id', '<', marks.royalroadIds[1]);
  return {
    dialect,
    inserter: (table, columns, options) => bulkInserter(db, dialect, table, columns, options),
    async countMarked(marks) {
      const fictions = await markedFictions(marks)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      const users = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', 'like', `%@${marks.emailDomain}`)
        .executeTakeFirst();
      const runs = await db
        .selectFrom('job_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('job', '=', marks.job)
        .executeTakeFirst();
      return { fictions: count(fictions), users: count(users), runs: count(runs) };
    },
    async deleteMarked(marks) {
      await db
        .deleteFrom('rising_star_captures')
        .where('job_run_id', 'in', db.selectFrom('job_runs').select('id').where('job', '=', marks.job))
        .execute();
      await db.deleteFrom('job_runs').where('job', '=', marks.job).execute();
      await db.deleteFrom('users').where('email', 'like', `%@${marks.emailDomain}`).execute();
      await db
        .deleteFrom('fictions')
        .where('royalroad_id', '>=', marks.royalroadIds[0])
        .where('royalroad_id', '<', marks.royalroadIds[1])
        .execute();
    },
    async captureAmong(times) {
      const sorted = [...times].sort();
      const first = sorted[0];
      const last = sorted.at(-1);
      if (first === undefined || last === undefined) return undefined;
      const wanted = new Set(times);
      const rows = await db
        .selectFrom('rising_star_captures')
        .select('captured_at')
        .where('captured_at', '>=', first)
        .where('captured_at', '<=', last)
        .execute();
      return rows.find((row) => wanted.has(new Date(row.captured_at).toISOString()))?.captured_at;
    },
    async startRun(run) {
      const row = await db
        .insertInto('job_runs')
        .values({
          job: run.job,
          trigger: run.trigger,
          status: 'running',
          params: JSON.stringify(run.params),
          counts: '{}',
          created_at: run.at,
          started_at: run.at,
          heartbeat_at: run.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    rebuildDerived: () => rebuildMainEntrants(db),
    async notifyListReaders({ kinds, since, readBefore }) {
      const result = await db
        .insertInto('notifications')
        .columns(['user_id', 'event_id', 'in_app', 'read_at', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('fiction_events')
            .innerJoin('user_fictions', 'user_fictions.fiction_id', 'fiction_events.fiction_id')
            .select((s) => [
              'user_fictions.user_id',
              'fiction_events.id',
              s.lit(true).as('in_app'),
              s
                .case()
                .when('fiction_events.occurred_at', '<', readBefore)
                .then(s.ref('fiction_events.occurred_at'))
                .end()
                .as('read_at'),
              'fiction_events.occurred_at',
            ])
            .where('fiction_events.kind', 'in', [...kinds])
            .where('fiction_events.occurred_at', '>=', since)
            .whereRef('user_fictions.created_at', '<=', 'fiction_events.occurred_at'),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },
    async finishRun(id, run) {
      await db
        .updateTable('job_runs')
        .set({
          status: 'succeeded',
          counts: JSON.stringify(run.counts),
          progress_done: 1,
          progress_total: 1,
          finished_at: run.at,
          heartbeat_at: run.at,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Runs `work` as one bulk load: in one transaction, SQLite's page cache raised meanwhile; afterwards the
 * write-ahead log folded in (SQLite) or `analyze` tables run (PostgreSQL). See the header.
 */
export async function bulkLoad<T>(
  database: Database,
  work: (load: BulkLoad) => Promise<T>,
  options: { analyze: readonly BulkTable[]; log?: (line: string) => void },
): Promise<T> {
  const { db, dialect } = database;
  const cacheSize =
    dialect === 'sqlite'
      ? (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size
      : undefined;
  if (cacheSize !== undefined) await sql.raw(`pragma cache_size = ${LOAD_CACHE_SIZE}`).execute(db);
  let result: T;
  try {
    result = await db.transaction().execute((trx) => work(loadIn(trx, dialect)));
  } finally {
    if (cacheSize !== undefined) await sql.raw(`pragma cache_size = ${Number(cacheSize)}`).execute(db);
  }
  if (dialect === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  } else if (options.analyze.length > 0) {
    const analyzing = performance.now();
    await sql.raw(`analyze ${options.analyze.map((table) => `"${table}"`).join(', ')}`).execute(db);
    options.log?.(`  analyzed the tables (${seconds(analyzing)} s)`);
  }
  return result;
}

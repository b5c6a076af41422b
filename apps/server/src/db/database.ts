import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, Kysely, type KyselyConfig, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Schema } from './schema.ts';
import { sqliteDriverDatabase } from './sqlite-driver.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Schema>;
  dialect: Dialect;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /** A consistent copy of the whole database in `file`, taken while it is in use (SQLite only). */
  backup(file: string): Promise<{ bytes: number }>;
  /** The connection pool (PostgreSQL only), for the limits every instance counts together. */
  pool?: pg.Pool;
  /** The connection pool's counts, for metrics (PostgreSQL only: SQLite has one connection, no pool). */
  poolCounts?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;

/** Counts and sums as numbers, timestamps as ISO strings: the same values SQLite gives. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ) {
      const parseDate = pg.types.getTypeParser(PG_TIMESTAMPTZ, 'text') as (value: string) => Date;
      return (value: string) => parseDate(value).toISOString();
    }
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept a union format
    return pg.types.getTypeParser(oid, format as any);
  },
};

/** Statements with more parameters than this (bulk inserts, long id lists) are not kept prepared. */
export const MAX_PREPARED_PARAMETERS = 64;
/**
 * `select *`, `"table".*` or `returning *`: a prepared statement of every column fails once a migration
 * adds one ("cached plan must not change result type"), so such statements are not kept prepared.
 */
const EVERY_COLUMN = /(?:select|returning|,)\s+(?:"[^"]+"\.)?\*/i;
const statementNames = new Map<string, string>();

/** A name per statement text, the same on every connection (its hash: two texts never share one). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `rrc_${createHash('sha1').update(text).digest('base64url')}`;
    // Statement texts are the repositories' own, so few; the bound only guards against a runaway.
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Keeps a connection's parameterized statements prepared: parsed once per connection, and planned once
 * PostgreSQL finds a plan that serves every parameter as well as a fresh one would (its own rule). A
 * request's few short statements then skip most of their planning, which on a busy server costs more
 * than running them. Statements without parameters (transactions, migrations) or reading every column
 * run as they are.
 */
function keepStatementsPrepared(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = (text: unknown, values?: unknown, callback?: unknown) =>
    typeof text === 'string' &&
    Array.isArray(values) &&
    values.length > 0 &&
    values.length <= MAX_PREPARED_PARAMETERS &&
    callback === undefined &&
    !EVERY_COLUMN.test(text)
      ? query({ name: statementName(text), text, values })
      : query(text, values, callback);
  client.query = prepared as typeof client.query;
}

function sqlitePath(url: string): string {
  return url.slice('sqlite:'.length);
}

export interface OpenOptions {
  poolSize?: number;
  /** Called with every statement run, as sent (the benchmark explains the statements the repositories run). */
  onQuery?: (query: CompiledQuery) => void;
}

export function openDatabase(url: string, options: OpenOptions = {}): Database {
  const { onQuery } = options;
  const log: KyselyConfig['log'] = onQuery
    ? (event) => {
        if (event.level === 'query') onQuery(event.query);
      }
    : undefined;
  if (url.startsWith('sqlite:')) {
    const file = sqlitePath(url);
    if (file !== ':memory:') assertWritable(file);
    const handle = new SqliteDatabase(file);
    handle.pragma('journal_mode = WAL');
    handle.pragma('foreign_keys = ON');
    handle.pragma('busy_timeout = 5000');
    handle.pragma('synchronous = NORMAL');
    // SQLite's own lower() folds ASCII only; searches must match "Élan" and "ДРАКОН" as PostgreSQL does.
    handle.function('lower', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
    const db = new Kysely<Schema>({
      dialect: new SqliteDialect({ database: sqliteDriverDatabase(handle) }),
      log,
    });
    return {
      db,
      dialect: 'sqlite',
      async ping() {
        try {
          handle.prepare('select 1').get();
          return true;
        } catch {
          return false;
        }
      },
      async backup(target: string) {
        if (path.resolve(target) === path.resolve(file)) {
          throw new DatabaseSetupError('The backup file must not be the database itself.');
        }
        mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
        // SQLite's online backup: a consistent snapshot even while the server keeps writing.
        await handle.backup(target);
        return { bytes: statSync(target).size };
      },
      close: () => db.destroy(),
    };
  }

  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    // A peer that vanished without closing the connection is noticed by TCP keepalive instead of never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: pgTypes,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one in use: pg also emits the loss as an 'error' event on the checked-out client, which the pool
  // does not listen to. The query under way fails with the same error, and that is answered 503.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    keepStatementsPrepared(client);
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db,
    dialect: 'postgres',
    pool,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async backup() {
      throw new DatabaseSetupError(
        'Back up PostgreSQL with its own tools, e.g. pg_dump --format=custom "$DATABASE_URL" > rrcompanion.dump',
      );
    },
    close: () => db.destroy(),
  };
}

/** A database that cannot be used as configured; the message says what to change. */
export class DatabaseSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseSetupError';
  }
}

/** SQLite writes the file, its -wal and -shm files beside it: the file and its folder must be writable. */
function assertWritable(file: string) {
  const folder = path.dirname(path.resolve(file));
  try {
    mkdirSync(folder, { recursive: true });
  } catch {
    throw new DatabaseSetupError(`Cannot create the folder ${folder} for the SQLite database.`);
  }
  const readOnly = (what: string) =>
    new DatabaseSetupError(
      `The SQLite database ${what} is read-only. The server needs to write there: fix its permissions or point DATABASE_URL elsewhere.`,
    );
  if (existsSync(file)) {
    try {
      accessSync(file, constants.R_OK | constants.W_OK);
    } catch {
      throw readOnly(`file ${path.resolve(file)}`);
    }
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw readOnly(`folder ${folder}`);
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  '53300', // too_many_connections
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_FULL',
  'SQLITE_IOERR',
]);

/** Whether an error means the database cannot be used right now (as opposed to a bug or bad input). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    [...UNAVAILABLE_CODES].some((known) => code === known || code.startsWith(`${known}_`))
  )
    return true;
  const message = (error as { message?: unknown }).message;
  // pg's own words for a lost connection. "… is not queryable" is what a transaction's ROLLBACK meets on a
  // connection that just died, and Kysely throws that instead of the first error.
  if (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|and is not queryable/i.test(message)
  )
    return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Schema } from './schema.ts';
import { sqliteDriverDatabase } from './sqlite-driver.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Schema>;
  dialect: Dialect;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
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

function sqlitePath(url: string): string {
  return url.slice('sqlite:'.length);
}

export function openDatabase(url: string, options: { poolSize?: number } = {}): Database {
  if (url.startsWith('sqlite:')) {
    const file = sqlitePath(url);
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const handle = new SqliteDatabase(file);
    handle.pragma('journal_mode = WAL');
    handle.pragma('foreign_keys = ON');
    handle.pragma('busy_timeout = 5000');
    handle.pragma('synchronous = NORMAL');
    // SQLite's own lower() folds ASCII only; searches must match "Élan" and "ДРАКОН" as PostgreSQL does.
    handle.function('lower', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqliteDriverDatabase(handle) }) });
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
      close: () => db.destroy(),
    };
  }

  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    types: pgTypes,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
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
  if (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect/i.test(message)
  )
    return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

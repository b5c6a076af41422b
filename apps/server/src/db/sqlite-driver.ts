import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** better-sqlite3 binds only numbers, strings, bigints, buffers and null: store booleans as 0/1 and dates as ISO text. */
function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

const convert = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);

/** Prepared statements kept for reuse, by their SQL (queries with lists of values make many). */
const MAX_PREPARED = 1_000;

/**
 * Wraps a better-sqlite3 handle in the interface Kysely's SqliteDialect expects, converting bound values.
 * Statements are prepared once and reused: preparing costs more than running most of our queries. One being
 * iterated (a streamed export) is busy until the stream ends, so iteration gets a statement of its own.
 */
export function sqliteDriverDatabase(handle: BetterSqlite3.Database): SqliteDatabase {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  const statementFor = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = handle.prepare(sql);
      if (prepared.size >= MAX_PREPARED) prepared.delete(prepared.keys().next().value as string);
      prepared.set(sql, statement);
    }
    return statement;
  };
  return {
    close: () => {
      prepared.clear();
      handle.close();
    },
    prepare(sql: string): SqliteStatement {
      const statement = statementFor(sql);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(convert(parameters)),
        run: (parameters) => statement.run(convert(parameters)),
        iterate: (parameters) => handle.prepare(sql).iterate(convert(parameters)),
      };
    },
  };
}

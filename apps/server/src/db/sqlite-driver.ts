import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** better-sqlite3 binds only numbers, strings, bigints, buffers and null: store booleans as 0/1 and dates as ISO text. */
function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

const convert = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);

/** Wraps a better-sqlite3 handle in the interface Kysely's SqliteDialect expects, converting bound values. */
export function sqliteDriverDatabase(handle: BetterSqlite3.Database): SqliteDatabase {
  return {
    close: () => {
      handle.close();
    },
    prepare(sql: string): SqliteStatement {
      const statement = handle.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(convert(parameters)),
        run: (parameters) => statement.run(convert(parameters)),
        iterate: (parameters) => statement.iterate(convert(parameters)),
      };
    },
  };
}

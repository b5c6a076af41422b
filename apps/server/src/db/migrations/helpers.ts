import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Column types that differ between the two dialects. Frozen: migrations depend on them.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** ISO-8601 text on SQLite; timestamptz on PostgreSQL. */
export function timestampType(db: AnyDb) {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

export function booleanType(db: AnyDb) {
  return isPostgres(db) ? 'boolean' : 'integer';
}

/** An auto-incrementing integer primary key. */
export function idType(db: AnyDb) {
  return isPostgres(db) ? 'serial' : 'integer';
}

/** Column callback for an auto-incrementing primary key (use with `idType`). */
export function primaryKey(db: AnyDb) {
  return (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement();
}

import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';

/** Most bound parameters in one statement: SQLite's SQLITE_MAX_VARIABLE_NUMBER, PostgreSQL's protocol limit. */
export const MAX_PARAMETERS: Record<Dialect, number> = { sqlite: 32_766, postgres: 65_535 };

/** Rows per statement: bigger batches gained nothing measurable here. */
const ROWS_PER_STATEMENT = 5_000;

/** A column and, for PostgreSQL, its type (the arrays of unnest need one). */
export type Column = readonly [name: string, postgresType: string];

export interface BulkInserter {
  /** Queues one row (values in column order); true when a statement's worth is queued: flush then. */
  push(values: readonly unknown[]): boolean;
  /** Writes the queued rows; answers the `returning` columns of each, in order. */
  flush(): Promise<Array<Record<string, unknown>>>;
  readonly written: number;
}

/**
 * Loads many rows fast: thousands of rows per INSERT, with a handful of bound parameters whatever the
 * batch size (far under the limits in MAX_PARAMETERS), so the statement is tiny to parse and plan:
 * - SQLite: INSERT … SELECT value ->> 0, value ->> 1, … FROM json_each(?), the batch bound as one JSON
 *   array of rows. Multi-row VALUES lists load no faster here, and each of their huge prepared
 *   statements holds megabytes of native memory until garbage collection gets to it (3 GB for the
 *   large demo).
 * - PostgreSQL: INSERT … SELECT * FROM unnest($1::type[], $2::type[], …), one array per column. As fast
 *   as the biggest VALUES lists here (index upkeep dominates either way).
 * Values are always bound, never spliced into the SQL.
 */
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

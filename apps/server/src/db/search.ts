import { type RawBuilder, sql } from 'kysely';

/** `lower(column) like %text%` over several columns, with the user's % and _ taken literally. */
export function containsAny(columns: readonly string[], text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const checks = columns.map(
    (column) => sql`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`,
  );
  return sql<boolean>`(${sql.join(checks, sql` or `)})`;
}

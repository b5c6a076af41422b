import type { Kysely } from 'kysely';

// A number raised by every change to a reader's list, so answers built from the list can be kept until it
// changes, on every instance.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('list_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('list_version').execute();
}

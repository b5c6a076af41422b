import type { Kysely } from 'kysely';

// When any fiction last changed, in one index lookup: a reader's favorites answer is kept until their list or
// one of its fictions changes, and asking "did any fiction change?" first spares the join over their list on
// almost every request.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('fictions_updated_at_index').on('fictions').column('updated_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('fictions_updated_at_index').execute();
}

import type { Kysely } from 'kysely';

// The address an alert email went to, kept with its delivery: the daily limit of alert emails is counted per
// address as well as per account, so an address that moved between accounts is not mailed past it.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('recipient', 'text').execute();
  await db.schema
    .createIndex('deliveries_recipient_idx')
    .on('deliveries')
    .columns(['recipient', 'sent_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deliveries_recipient_idx').execute();
  await db.schema.alterTable('deliveries').dropColumn('recipient').execute();
}

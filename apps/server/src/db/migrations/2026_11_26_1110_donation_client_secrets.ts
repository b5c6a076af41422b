import type { Kysely } from 'kysely';

// Who may see how a payment went: its donor when signed in, or whoever holds the payment's client secret
// (the browser that just paid, signed in or not). A hash of the secret is kept, never the secret. Payments
// made before have none: only their signed-in donor sees them.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('donations').addColumn('client_secret_hash', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('donations').dropColumn('client_secret_hash').execute();
}

import type { Kysely } from 'kysely';
import { idType, primaryKey, timestampType } from './helpers.ts';

// Card payments through Stripe: coffee donations (one-off and monthly) and fiction sponsorships, and the
// webhook events already applied, so a replayed event changes nothing.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('donations')
    .addColumn('id', idType(db), primaryKey(db))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('tier', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('payment_intent_id', 'text', (col) => col.unique())
    .addColumn('invoice_id', 'text', (col) => col.unique())
    .addColumn('subscription_id', 'text')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('fiction_id', 'integer', (col) => col.references('fictions.id').onDelete('set null'))
    .addColumn('failure_message', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addColumn('paid_at', ts)
    .execute();
  await db.schema.createIndex('donations_status_index').on('donations').columns(['kind', 'status']).execute();
  await db.schema
    .createIndex('donations_subscription_index')
    .on('donations')
    .column('subscription_id')
    .execute();
  await db.schema.createIndex('donations_user_index').on('donations').column('user_id').execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('processed_at', ts, (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('donations').execute();
}

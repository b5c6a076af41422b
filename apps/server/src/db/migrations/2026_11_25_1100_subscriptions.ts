import { type Kysely, sql } from 'kysely';
import { booleanType, isPostgres, timestampType } from './helpers.ts';

// Monthly donations as Stripe holds them, so a donor sees theirs and can cancel it. `synced_at` is when
// Stripe last told us a subscription's state: an older answer arriving later never replaces a newer one.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('customer_id', 'text', (col) => col.notNull())
    .addColumn('tier', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('cancel_at_period_end', booleanType(db), (col) =>
      col.notNull().defaultTo(isPostgres(db) ? sql`false` : 0),
    )
    .addColumn('current_period_end', ts)
    .addColumn('canceled_at', ts)
    .addColumn('ended_at', ts)
    .addColumn('synced_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_index').on('subscriptions').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscriptions').execute();
}

import { type Kysely, sql } from 'kysely';
import { booleanType, idType, isPostgres, primaryKey, timestampType } from './helpers.ts';

// Alerts: what readers watch, what happened to fictions (each event once, decided by a unique key), each
// reader's notification of an event (once per reader), webhooks, and the outbox of emails and webhook calls.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const pk = primaryKey(db);
  const bool = booleanType(db);
  const no = isPostgres(db) ? sql`false` : sql`0`;
  const yes = isPostgres(db) ? sql`true` : sql`1`;

  await db.schema
    .createTable('watches')
    .addColumn('id', idType(db), pk)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fiction_id', 'integer', (col) => col.notNull().references('fictions.id').onDelete('cascade'))
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('app', bool, (col) => col.notNull().defaultTo(yes))
    .addColumn('email', bool, (col) => col.notNull().defaultTo(no))
    .addColumn('webhooks', bool, (col) => col.notNull().defaultTo(no))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('watches_user_fiction_unique', ['user_id', 'fiction_id'])
    .execute();
  await db.schema.createIndex('watches_fiction_idx').on('watches').column('fiction_id').execute();

  await db.schema
    .createTable('fiction_events')
    .addColumn('id', idType(db), pk)
    .addColumn('fiction_id', 'integer', (col) => col.notNull().references('fictions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('event_key', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('occurred_at', ts, (col) => col.notNull())
    .addUniqueConstraint('fiction_events_key_unique', ['fiction_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('fiction_events_fiction_time_idx')
    .on('fiction_events')
    .columns(['fiction_id', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', idType(db), pk)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (col) =>
      col.notNull().references('fiction_events.id').onDelete('cascade'),
    )
    .addColumn('in_app', bool, (col) => col.notNull())
    .addColumn('read_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('notifications_user_event_unique', ['user_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_time_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_enabled', bool, (col) => col.notNull().defaultTo(yes))
    .addColumn('digest_enabled', bool, (col) => col.notNull().defaultTo(no))
    .addColumn('digest_hour', 'integer', (col) => col.notNull().defaultTo(8))
    .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('feed_token', 'text', (col) => col.unique())
    .addColumn('last_digest_at', ts)
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', idType(db), pk)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled', bool, (col) => col.notNull().defaultTo(yes))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhooks_user_idx').on('webhooks').column('user_id').execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', idType(db), pk)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('webhook_id', 'integer', (col) => col.references('webhooks.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (col) => col.references('notifications.id').onDelete('cascade'))
    .addColumn('delivery_key', 'text', (col) => col.notNull().unique())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (col) => col.notNull())
    .addColumn('locked_until', ts)
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('sent_at', ts)
    .addColumn('finished_at', ts)
    .execute();
  await db.schema
    .createIndex('deliveries_due_idx')
    .on('deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('deliveries_user_idx')
    .on('deliveries')
    .columns(['user_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'deliveries',
    'webhooks',
    'notification_settings',
    'notifications',
    'fiction_events',
    'watches',
  ])
    await db.schema.dropTable(table).execute();
}

import type { Kysely } from 'kysely';

// A reader's notification counts (all of them, and the unread ones) from one index alone: the bell asks on
// every page, and counting through the table cost more than everything else the request does.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('notifications_user_unread_idx')
    .on('notifications')
    .columns(['user_id', 'in_app', 'read_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_user_unread_idx').execute();
}

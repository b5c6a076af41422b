import type { Kysely } from 'kysely';
import { timestampType } from './helpers.ts';

// Sessions the server can end: every token names one, and a token opens nothing once its row is gone (signed
// out, signed out everywhere, a new password) or past `expires_at` (the token's own expiry). Tokens from before
// name no session and stop working: their readers sign in again.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('sessions')
    /** 128 random bits, base64url: the `sid` claim of the session's token. */
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_index').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_index').on('sessions').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}

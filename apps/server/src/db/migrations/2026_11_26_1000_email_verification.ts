import { type Kysely, sql } from 'kysely';
import { idType, primaryKey, timestampType } from './helpers.ts';

// Email addresses become proven: `email_verified_at` says when the account's address was proven (a link
// mailed to it, or a provider that vouched for it); `pending_email` is an address the reader asked to move to,
// taking effect once proven; `released_email` keeps the address an unproven account had to give up when its
// real owner proved it. `email_tokens` holds the links mailed for verification and password reset, hashed.
//
// Accounts from before: an address is taken as proven only where the data shows it — a provider identity
// linked later to an existing account with the same email (linking always required the provider to vouch
// for the email). Every other account starts unproven and is asked to verify once; provider accounts become
// verified at their next sign-in when the provider vouches.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('users').addColumn('email_verified_at', ts).execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  await db.schema.alterTable('users').addColumn('released_email', 'text').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', idType(db), primaryKey(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** verify-email or reset-password. */
    .addColumn('purpose', 'text', (col) => col.notNull())
    /** SHA-256 of the token, hex: the token itself exists only in the link. */
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    /** The address the link was mailed to, which opening it proves. */
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema
    .createIndex('email_tokens_user_purpose_created_index')
    .on('email_tokens')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();

  const vouched = (column: string) =>
    sql`(select ${sql.raw(column)} from oauth_accounts o
         where o.user_id = users.id and o.email = users.email and o.created_at > users.created_at)`;
  await sql`update users set email_verified_at = ${vouched('min(o.created_at)')}
            where exists ${vouched('1')}`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_tokens').execute();
  await db.schema.alterTable('users').dropColumn('released_email').execute();
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}

import type { Kysely } from 'kysely';
import { timestampType } from './helpers.ts';

// One-time codes that finish an OAuth sign-in: the provider's callback sends the browser to the sign-in page
// with a code instead of a session token, and the page exchanges it once, within a minute, from the browser
// that started the sign-in. Kept in the database so that any web process can take the exchange. Only a hash
// of the code and of the browser's sign-in state is stored.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('oauth_exchange_codes')
    /** SHA-256 of the code, hex. */
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    /** SHA-256 of the OAuth state held in the browser's signed cookie, hex. */
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_exchange_codes_expires_index')
    .on('oauth_exchange_codes')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_exchange_codes').execute();
}

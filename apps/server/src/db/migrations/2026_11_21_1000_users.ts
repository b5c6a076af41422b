import { type Kysely, sql } from 'kysely';
import { booleanType, idType, isPostgres, timestampType } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('users')
    .addColumn('id', idType(db), (col) =>
      isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('admin', booleanType(db), (col) => col.notNull().defaultTo(isPostgres(db) ? sql`false` : 0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addColumn('last_seen_at', ts)
    .execute();

  await db.schema
    .createTable('oauth_accounts')
    .addColumn('id', idType(db), (col) =>
      isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_user_id', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('oauth_accounts_provider_user_unique', ['provider', 'provider_user_id'])
    .execute();
  await db.schema
    .createIndex('oauth_accounts_user_id_index')
    .on('oauth_accounts')
    .column('user_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_accounts').execute();
  await db.schema.dropTable('users').execute();
}

import type { Kysely } from 'kysely';
import { booleanType, idType, primaryKey, timestampType } from './helpers.ts';

// The author's desk. A claim is a reader's request to be known as a fiction's author: a code they place on the
// fiction's page or their Royal Road profile; once the site finds it there, the claim is verified. A fiction
// has at most one verified claim (a newer one replaces it). Author events are what the claimant did (a
// shoutout, an ad, a post, a release), private to them unless marked public; `author_report` asks for the
// week's report by mail.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('fiction_claims')
    .addColumn('id', idType(db), primaryKey(db))
    .addColumn('fiction_id', 'integer', (col) => col.notNull().references('fictions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('verified_at', ts)
    /** Where the code was found: 'description' or 'profile'. */
    .addColumn('verified_in', 'text')
    .addUniqueConstraint('fiction_claims_reader_unique', ['fiction_id', 'user_id'])
    .execute();
  await db.schema.createIndex('fiction_claims_user_index').on('fiction_claims').column('user_id').execute();

  await db.schema
    .createTable('author_events')
    .addColumn('id', idType(db), primaryKey(db))
    .addColumn('fiction_id', 'integer', (col) => col.notNull().references('fictions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('at', ts, (col) => col.notNull())
    .addColumn('end_at', ts)
    .addColumn('note', 'text')
    .addColumn('partner_fiction_id', 'integer', (col) => col.references('fictions.id').onDelete('set null'))
    .addColumn('link', 'text')
    .addColumn('public', booleanType(db), (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('author_events_fiction_index')
    .on('author_events')
    .columns(['fiction_id', 'at'])
    .execute();
  // The weekly report by mail, every Monday, for readers who ask for it.
  await db.schema
    .alterTable('notification_settings')
    .addColumn('author_report', booleanType(db), (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('author_events_partner_index')
    .on('author_events')
    .column('partner_fiction_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_settings').dropColumn('author_report').execute();
  await db.schema.dropTable('author_events').execute();
  await db.schema.dropTable('fiction_claims').execute();
}

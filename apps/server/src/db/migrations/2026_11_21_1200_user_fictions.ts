import { type Kysely, sql } from 'kysely';
import { booleanType, idType, isPostgres, primaryKey, timestampType } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('user_fictions')
    .addColumn('id', idType(db), primaryKey(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fiction_id', 'integer', (col) => col.notNull().references('fictions.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('plan_to_read'))
    .addColumn('is_favorite', booleanType(db), (col) =>
      col.notNull().defaultTo(isPostgres(db) ? sql`false` : 0),
    )
    .addColumn('favorite_position', 'integer')
    .addColumn('current_chapter', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_chapters', 'integer')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('user_fictions_user_fiction_unique', ['user_id', 'fiction_id'])
    .execute();
  await db.schema
    .createIndex('user_fictions_favorites_index')
    .on('user_fictions')
    .columns(['user_id', 'is_favorite', 'favorite_position'])
    .execute();
  await db.schema
    .createIndex('user_fictions_created_index')
    .on('user_fictions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('user_fictions_fiction_index')
    .on('user_fictions')
    .column('fiction_id')
    .execute();
  await db.schema.createIndex('fictions_followers_index').on('fictions').column('followers').execute();
  await db.schema.createIndex('fictions_score_index').on('fictions').column('overall_score').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('fictions_score_index').execute();
  await db.schema.dropIndex('fictions_followers_index').execute();
  await db.schema.dropTable('user_fictions').execute();
}

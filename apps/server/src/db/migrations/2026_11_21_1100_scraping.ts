import { type Kysely, sql } from 'kysely';
import { booleanType, idType, isPostgres, primaryKey, timestampType } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const pk = primaryKey(db);
  const real = isPostgres(db) ? 'double precision' : 'real';

  await db.schema
    .createTable('fictions')
    .addColumn('id', idType(db), pk)
    .addColumn('royalroad_id', 'integer', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text')
    .addColumn('author_id', 'integer')
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('status', 'text')
    .addColumn('type', 'text')
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('warnings', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('pages', 'integer')
    .addColumn('ratings', 'integer')
    .addColumn('followers', 'integer')
    .addColumn('favorites', 'integer')
    .addColumn('total_views', 'bigint')
    .addColumn('average_views', 'integer')
    .addColumn('overall_score', real)
    .addColumn('style_score', real)
    .addColumn('story_score', real)
    .addColumn('grammar_score', real)
    .addColumn('character_score', real)
    .addColumn('chapter_count', 'integer')
    .addColumn('last_chapter_at', ts)
    .addColumn('sponsored', booleanType(db), (col) =>
      col.notNull().defaultTo(isPostgres(db) ? sql`false` : 0),
    )
    .addColumn('last_scraped_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('fiction_snapshots')
    .addColumn('id', idType(db), pk)
    .addColumn('fiction_id', 'integer', (col) => col.notNull().references('fictions.id').onDelete('cascade'))
    .addColumn('captured_at', ts, (col) => col.notNull())
    .addColumn('pages', 'integer')
    .addColumn('ratings', 'integer')
    .addColumn('followers', 'integer')
    .addColumn('favorites', 'integer')
    .addColumn('total_views', 'bigint')
    .addColumn('average_views', 'integer')
    .addColumn('overall_score', real)
    .addColumn('style_score', real)
    .addColumn('story_score', real)
    .addColumn('grammar_score', real)
    .addColumn('character_score', real)
    .addColumn('chapter_count', 'integer')
    .addUniqueConstraint('fiction_snapshots_fiction_time_unique', ['fiction_id', 'captured_at'])
    .execute();

  await db.schema
    .createTable('fiction_chapters')
    .addColumn('id', idType(db), pk)
    .addColumn('fiction_id', 'integer', (col) => col.notNull().references('fictions.id').onDelete('cascade'))
    .addColumn('royalroad_chapter_id', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('published_at', ts)
    .addUniqueConstraint('fiction_chapters_chapter_unique', ['fiction_id', 'royalroad_chapter_id'])
    .execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('id', idType(db), pk)
    .addColumn('job', 'text', (col) => col.notNull())
    .addColumn('scheduled_for', ts)
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('progress_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer')
    .addColumn('counts', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('started_at', ts)
    .addColumn('heartbeat_at', ts)
    .addColumn('finished_at', ts)
    // Exactly one run per job and scheduled time, whatever the number of processes.
    .addUniqueConstraint('job_runs_job_scheduled_unique', ['job', 'scheduled_for'])
    .execute();
  await db.schema
    .createIndex('job_runs_status_index')
    .on('job_runs')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('job_runs_job_created_index')
    .on('job_runs')
    .columns(['job', 'created_at'])
    .execute();

  await db.schema
    .createTable('rising_star_captures')
    .addColumn('id', idType(db), pk)
    .addColumn('captured_at', ts, (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('genres_total', 'integer', (col) => col.notNull())
    .addColumn('genres_captured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('job_run_id', 'integer', (col) => col.references('job_runs.id').onDelete('set null'))
    .addColumn('finished_at', ts)
    .execute();

  await db.schema
    .createTable('rising_star_entries')
    .addColumn('id', idType(db), pk)
    .addColumn('capture_id', 'integer', (col) =>
      col.notNull().references('rising_star_captures.id').onDelete('cascade'),
    )
    .addColumn('genre', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('fiction_id', 'integer', (col) => col.notNull().references('fictions.id').onDelete('cascade'))
    .addUniqueConstraint('rising_star_entries_place_unique', ['capture_id', 'genre', 'position'])
    .execute();
  await db.schema
    .createIndex('rising_star_entries_fiction_index')
    .on('rising_star_entries')
    .columns(['fiction_id', 'genre', 'capture_id'])
    .execute();
  await db.schema
    .createIndex('rising_star_entries_genre_index')
    .on('rising_star_entries')
    .columns(['genre', 'capture_id', 'position'])
    .execute();
  await db.schema
    .createIndex('fiction_snapshots_fiction_index')
    .on('fiction_snapshots')
    .columns(['fiction_id', 'captured_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'rising_star_entries',
    'rising_star_captures',
    'job_runs',
    'fiction_chapters',
    'fiction_snapshots',
    'fictions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

import type { Kysely } from 'kysely';

// Limits counted for the whole site (several instances on one PostgreSQL database): one row per limit and key,
// in the layout rate-limiter-flexible's PostgreSQL store reads and writes (`key`, `points`, `expire` in epoch
// milliseconds), made here so that no process creates tables at run time. The key is text rather than the
// library's varchar(255): some keys are a limit's name and an email address. SQLite counts limits in the
// process's memory and leaves the table empty.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}

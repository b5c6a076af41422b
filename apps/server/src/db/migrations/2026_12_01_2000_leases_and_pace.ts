import { type Kysely, sql } from 'kysely';

// Several workers on one database: a claimed job run and a claimed delivery carry a lease (who holds it and
// until when) that the worker renews while it works, so another worker takes over once a dead one's lease
// lapses; and one pace to Royal Road for the whole site (PostgreSQL): the row `royalroad_pace` spaces every
// request of every process and records a capture's hold on the line, and `royalroad_waiting` counts the
// interactive requests waiting in every process (the interactive queue's caps). Times in these two tables are
// milliseconds of the database's clock, so processes on machines whose clocks differ still agree.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job_runs').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('job_runs').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('deliveries').addColumn('lease_owner', 'text').execute();
  await db.schema
    .createTable('royalroad_pace')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('next_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('held_by', 'text')
    .addColumn('held_until', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto('royalroad_pace').values({ id: 1, next_at: 0, held_until: 0 }).execute();
  await db.schema
    .createTable('royalroad_waiting')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('address', 'text')
    .addColumn('started', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('royalroad_waiting_owner_idx')
    .on('royalroad_waiting')
    .column('owner')
    .execute();
  // Runs under way, by lease: how a worker finds the runs whose worker died.
  await sql`create index job_runs_lease_idx on job_runs (status, lease_until)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_runs_lease_idx').execute();
  await db.schema.dropTable('royalroad_waiting').execute();
  await db.schema.dropTable('royalroad_pace').execute();
  await db.schema.alterTable('deliveries').dropColumn('lease_owner').execute();
  await db.schema.alterTable('job_runs').dropColumn('lease_until').execute();
  await db.schema.alterTable('job_runs').dropColumn('lease_owner').execute();
}

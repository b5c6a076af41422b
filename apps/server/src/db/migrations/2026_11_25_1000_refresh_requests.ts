import { type Kysely, sql } from 'kysely';

// Who asked for a run (a reader's refresh counts against their daily refreshes, kept here so the count
// survives a restart), and at most one requested Rising Stars capture waiting or under way: two triggers at
// the same moment meet this unique index, so only one of them queues a capture, whatever process they reach.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('job_runs')
    .addColumn('requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('job_runs_requested_by_index')
    .on('job_runs')
    .columns(['requested_by', 'created_at'])
    .execute();

  // Requested captures that are waiting or under way side by side (the race this index now closes) would
  // stop the index from being made: the oldest one goes on, the others are marked failed.
  const active = sql`job = 'rising-stars' and scheduled_for is null and status in ('queued', 'running')`;
  await sql`
    update job_runs
    set status = 'failed',
        error = 'Another capture asked for at the same time was already waiting or under way.',
        finished_at = ${new Date().toISOString()}
    where ${active}
      and id > (select min(id) from job_runs where ${active})
  `.execute(db);
  await sql`create unique index job_runs_one_requested_capture on job_runs (job) where ${active}`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_runs_one_requested_capture').execute();
  await db.schema.dropIndex('job_runs_requested_by_index').execute();
  await db.schema.alterTable('job_runs').dropColumn('requested_by').execute();
}

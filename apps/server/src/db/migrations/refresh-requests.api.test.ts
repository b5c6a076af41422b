import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../../test/postgres.ts';
import { testDialect } from '../../../test/test-app.ts';
import { type Database, openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { migrations } from './index.ts';

// The migration that lets the database refuse a second requested capture must first settle any pair a race
// already queued, or the index could not be made and the server would not start.

let database: Database | undefined;
let dropName: string | undefined;
afterEach(async () => {
  await database?.close();
  if (dropName) await dropTestDatabase(dropName);
  database = undefined;
  dropName = undefined;
});

async function openAt(migration: string): Promise<Database> {
  let url = 'sqlite::memory:';
  if (testDialect === 'postgres') {
    const created = await createTestDatabase(inject('pgRunId'));
    url = created.url;
    dropName = created.name;
  }
  database = openDatabase(url, { poolSize: 2 });
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
  return database;
}

describe('migration 2026_11_25_1000_refresh_requests', () => {
  it('keeps the oldest of requested captures queued side by side, and leaves scheduled and finished runs alone', async () => {
    const db = (await openAt('2026_11_21_1500_list_version')).db;
    const row = (status: 'queued' | 'running' | 'succeeded', scheduledFor: string | null = null) => ({
      job: 'rising-stars',
      trigger: scheduledFor ? 'schedule' : 'manual',
      status,
      params: '{}',
      counts: '{}',
      scheduled_for: scheduledFor,
      created_at: '2026-11-21T09:00:00.000Z',
    });
    await db
      .insertInto('job_runs')
      .values([row('succeeded'), row('running'), row('queued'), row('queued', '2026-11-21T14:24:00.000Z')])
      .execute();

    await migrateToLatest(database as Database);
    const runs = await db.selectFrom('job_runs').select(['id', 'status', 'error']).orderBy('id').execute();
    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'running', 'failed', 'queued']);
    expect(runs[2]?.error).toBe(
      'Another capture asked for at the same time was already waiting or under way.',
    );
  });
});

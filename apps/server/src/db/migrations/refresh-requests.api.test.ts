import { afterEach, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/migrated-to.ts';
import { migrateToLatest } from '../migrate.ts';

// The migration that lets the database refuse a second requested capture must first settle any pair a race
// already queued, or the index could not be made and the server would not start.

let opened: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('migration 2026_11_25_1000_refresh_requests', () => {
  it('keeps the oldest of requested captures queued side by side, and leaves scheduled and finished runs alone', async () => {
    opened = await databaseMigratedTo('2026_11_21_1500_list_version');
    const db = opened.database.db;
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

    await migrateToLatest(opened.database);
    const runs = await db.selectFrom('job_runs').select(['id', 'status', 'error']).orderBy('id').execute();
    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'running', 'failed', 'queued']);
    expect(runs[2]?.error).toBe(
      'Another capture asked for at the same time was already waiting or under way.',
    );
  });
});

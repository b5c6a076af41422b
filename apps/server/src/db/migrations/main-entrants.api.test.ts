import { afterEach, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/migrated-to.ts';
import { migrateToLatest } from '../migrate.ts';
import type { CaptureStatus } from '../schema.ts';

// The main list's entrants are filled from the captures kept before the table existed: each fiction at its
// first main-list place in a capture readers see (finished, or closed as partial), none from a failed or
// running capture, and genre lists do not count.

let opened: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('migration 2026_11_28_1400_rising_star_main_entrants', () => {
  it('takes each fiction’s first main-list place among the readable captures', async () => {
    opened = await databaseMigratedTo('2026_11_28_1300_fictions_updated_index');
    const db = opened.database.db;
    const fictions = await db
      .insertInto('fictions')
      .values(
        [1, 2, 3, 4].map((royalroadId) => ({
          royalroad_id: royalroadId,
          title: `Fiction ${royalroadId}`,
          tags: '[]',
          warnings: '[]',
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        })),
      )
      .returning(['id', 'royalroad_id'])
      .execute();
    const id = (royalroadId: number) =>
      fictions.find((row) => row.royalroad_id === royalroadId)?.id as number;
    const capture = async (capturedAt: string, status: CaptureStatus, places: Array<[string, number]>) => {
      const row = await db
        .insertInto('rising_star_captures')
        .values({ captured_at: capturedAt, status, genres_total: 2, genres_captured: 2 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('rising_star_entries')
        .values(
          places.map(([genre, royalroadId], index) => ({
            capture_id: row.id,
            genre,
            position: index + 1,
            fiction_id: id(royalroadId),
          })),
        )
        .execute();
    };
    // Fiction 1: first on a failed capture (does not count), then on a complete one.
    await capture('2026-11-02T00:00:00.000Z', 'failed', [['main', 1]]);
    await capture('2026-11-03T00:00:00.000Z', 'complete', [
      ['main', 1],
      ['fantasy', 2],
    ]);
    // Fiction 2: on a genre list first, then the main list of a partial capture; 3 only while running.
    await capture('2026-11-04T00:00:00.000Z', 'partial', [
      ['main', 2],
      ['main', 1],
    ]);
    await capture('2026-11-05T00:00:00.000Z', 'running', [['main', 3]]);

    await migrateToLatest(opened.database);
    const rows = await db
      .selectFrom('rising_star_main_entrants')
      .innerJoin('fictions', 'fictions.id', 'rising_star_main_entrants.fiction_id')
      .select(['fictions.royalroad_id', 'rising_star_main_entrants.entered_at'])
      .orderBy('fictions.royalroad_id')
      .execute();
    expect(rows.map((row) => [row.royalroad_id, new Date(row.entered_at).toISOString()])).toEqual([
      [1, '2026-11-03T00:00:00.000Z'],
      [2, '2026-11-04T00:00:00.000Z'],
    ]);
  });
});

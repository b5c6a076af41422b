import { afterEach, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/migrated-to.ts';
import { fictionsRepository } from '../../features/fictions/fictions.repository.ts';
import { migrateToLatest } from '../migrate.ts';

// Fictions stored before tries were kept count as tried when they were last scraped, so the first nightly
// refresh after the upgrade visits them in the order it always did; from then on a failed try moves a
// fiction back.

let opened: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('migration 2026_11_26_1200_scrape_attempts', () => {
  it('takes the last scrape as the last try, and a failed try then moves a fiction back', async () => {
    opened = await databaseMigratedTo('2026_11_25_1100_subscriptions');
    const db = opened.database.db;
    const fiction = (royalroadId: number, lastScrapedAt: string | null) => ({
      royalroad_id: royalroadId,
      title: `Fiction ${royalroadId}`,
      tags: '[]',
      warnings: '[]',
      sponsored: true,
      last_scraped_at: lastScrapedAt,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    });
    await db
      .insertInto('fictions')
      .values([
        fiction(1, '2026-11-20T08:30:00.000Z'),
        fiction(2, '2026-11-19T08:30:00.000Z'),
        fiction(3, null),
      ])
      .execute();

    await migrateToLatest(opened.database);
    const rows = await db
      .selectFrom('fictions')
      .select(['royalroad_id', 'last_attempted_at', 'scrape_failures'])
      .orderBy('royalroad_id')
      .execute();
    expect(rows.map((row) => [row.royalroad_id, row.last_attempted_at, Number(row.scrape_failures)])).toEqual(
      [
        [1, '2026-11-20T08:30:00.000Z', 0],
        [2, '2026-11-19T08:30:00.000Z', 0],
        [3, null, 0],
      ],
    );

    const fictions = fictionsRepository(db);
    const order = async () =>
      (await fictions.trackedFictions('2026-11-01T00:00:00.000Z')).map((row) => row.royalroadId);
    expect(await order()).toEqual([3, 2, 1]);
    // The never-scraped fiction fails tonight: it goes after the two tried before it.
    await fictions.recordScrapeFailure(3, '2026-11-21T08:25:00.000Z');
    expect(await order()).toEqual([2, 1, 3]);
    // Tried at the same moment as others that worked, the failed one comes after them.
    await fictions.recordScrapeFailure(2, '2026-11-22T08:25:00.000Z');
    await db
      .updateTable('fictions')
      .set({ last_attempted_at: '2026-11-22T08:25:00.000Z', scrape_failures: 0 })
      .where('royalroad_id', 'in', [1, 3])
      .execute();
    expect(await order()).toEqual([1, 3, 2]);
    // An unknown fiction's failure writes nothing.
    await fictions.recordScrapeFailure(4, '2026-11-22T08:26:00.000Z');
    expect(await db.selectFrom('fictions').select('id').execute()).toHaveLength(3);
  });
});

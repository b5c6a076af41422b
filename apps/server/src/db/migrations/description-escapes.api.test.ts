import { afterEach, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/migrated-to.ts';
import { migrateToLatest } from '../migrate.ts';

// Descriptions stored escaped twice before the parsers and the sample loader decoded them once are repaired:
// readers see '<', not '&lt;'.

let opened: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('migration 2026_11_30_1000_description_escapes', () => {
  it('decodes entities escaped twice in stored descriptions, and nothing else', async () => {
    opened = await databaseMigratedTo('2026_11_29_1100_delivery_recipient');
    const db = opened.database.db;
    const descriptions: Array<string | null> = [
      '<p>Instead, he wakes up chained.</p>\n<p>&amp;lt; You have been (...)</p>',
      '<p>&amp;amp;lt;System&amp;amp;gt; Tom &amp;amp; Jerry &amp;quot;here&amp;quot;</p>',
      '<p>Fish &amp; chips &lt;3 <a href="https://example.com/?a=1&amp;amp;b=2" rel="nofollow">x</a></p>',
      null,
    ];
    await db
      .insertInto('fictions')
      .values(
        descriptions.map((description, index) => ({
          royalroad_id: 100 + index,
          title: `Fiction ${index}`,
          description,
          tags: '[]',
          warnings: '[]',
          created_at: '2026-07-19T00:00:00.000Z',
          updated_at: '2026-07-19T00:00:00.000Z',
        })),
      )
      .execute();

    await migrateToLatest(opened.database);
    const rows = await db
      .selectFrom('fictions')
      .select(['royalroad_id', 'description'])
      .orderBy('royalroad_id')
      .execute();
    expect(rows.map((row) => row.description)).toEqual([
      '<p>Instead, he wakes up chained.</p>\n<p>&lt; You have been (...)</p>',
      '<p>&lt;System&gt; Tom &amp; Jerry &quot;here&quot;</p>',
      descriptions[2],
      null,
    ]);
  });
});

import type { Kysely } from 'kysely';
import { timestampType } from './helpers.ts';

// When each fiction was last tried, whether it worked or not, and how many tries in a row have failed. The
// nightly refresh visits the fictions tried longest ago first, so one that fails moves back in the order
// instead of staying first (its last_scraped_at never moves) and meeting the same failure every night.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fictions').addColumn('last_attempted_at', timestampType(db)).execute();
  await db.schema
    .alterTable('fictions')
    .addColumn('scrape_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Until now only successes were kept: the last success is the last attempt known.
  await db
    .updateTable('fictions')
    .set((eb) => ({ last_attempted_at: eb.ref('last_scraped_at') }))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fictions').dropColumn('scrape_failures').execute();
  await db.schema.alterTable('fictions').dropColumn('last_attempted_at').execute();
}

import type { Kysely } from 'kysely';

// A fiction's Rising Stars places from the index alone: its history on the fiction page, its best position per
// list (Position Calculator), its days on the main list. Entries are stored in capture order, so one
// fiction's entries lie on as many pages as it has entries (thousands after months on several lists);
// with the position in the index those reads stay within a few index pages, whatever the history held.
// Replaces rising_star_entries_fiction_index (fiction_id, genre, capture_id), which this one extends.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('rising_star_entries_fiction_places_index')
    .on('rising_star_entries')
    .columns(['fiction_id', 'genre', 'capture_id', 'position'])
    .execute();
  await db.schema.dropIndex('rising_star_entries_fiction_index').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('rising_star_entries_fiction_index')
    .on('rising_star_entries')
    .columns(['fiction_id', 'genre', 'capture_id'])
    .execute();
  await db.schema.dropIndex('rising_star_entries_fiction_places_index').execute();
}

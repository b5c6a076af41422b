import { type Kysely, sql } from 'kysely';
import { timestampType } from './helpers.ts';

// When each fiction first reached the main Rising Stars list, in a readable capture: the "followers and age
// on entering" figures of the fiction page and the Position Calculator read these few thousand rows instead
// of every main-list entry of every capture (50 a capture, four captures a day, kept forever). Written when
// a capture becomes readable (finished, or closed as partial); filled here from the captures already kept.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rising_star_main_entrants')
    .addColumn('fiction_id', 'integer', (col) =>
      col.primaryKey().references('fictions.id').onDelete('cascade'),
    )
    .addColumn('entered_at', timestampType(db), (col) => col.notNull())
    .execute();
  await sql`
    insert into rising_star_main_entrants (fiction_id, entered_at)
    select e.fiction_id, min(c.captured_at)
    from rising_star_entries e
    join rising_star_captures c on c.id = e.capture_id
    where e.genre = 'main' and c.status in ('complete', 'partial')
    group by e.fiction_id
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rising_star_main_entrants').execute();
}

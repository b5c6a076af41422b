import type { Kysely } from 'kysely';
import { READABLE_CAPTURES, type Schema } from './schema.ts';

// `rising_star_main_entrants`: when each fiction first reached the main Rising Stars list, in a capture readers
// see. Kept as captures become readable (one capture's 50 main places at a time) and rebuilt after bulk loads.

const READABLE = [...READABLE_CAPTURES];

/** Each fiction's earliest main-list place among the readable captures (these ones, or all). */
function firstMainPlaces(db: Kysely<Schema>, captureIds?: number[]) {
  let query = db
    .selectFrom('rising_star_entries')
    .innerJoin('rising_star_captures', 'rising_star_captures.id', 'rising_star_entries.capture_id')
    .select((eb) => [
      'rising_star_entries.fiction_id',
      eb.fn.min('rising_star_captures.captured_at').as('entered_at'),
    ])
    .where('rising_star_entries.genre', '=', 'main')
    .where('rising_star_captures.status', 'in', READABLE);
  if (captureIds) query = query.where('rising_star_entries.capture_id', 'in', captureIds);
  return query.groupBy('rising_star_entries.fiction_id');
}

/**
 * Records the main-list fictions of these captures (those that are readable) as entrants, keeping for each
 * fiction its earliest entry: a capture stored out of order (an import, say) moves an entry earlier, never later.
 */
export async function recordMainEntrants(db: Kysely<Schema>, captureIds: number[]): Promise<void> {
  if (captureIds.length === 0) return;
  await db
    .insertInto('rising_star_main_entrants')
    .columns(['fiction_id', 'entered_at'])
    .expression(firstMainPlaces(db, captureIds))
    .onConflict((oc) =>
      oc
        .column('fiction_id')
        .doUpdateSet((eb) => ({ entered_at: eb.ref('excluded.entered_at') }))
        .where((eb) => eb('excluded.entered_at', '<', eb.ref('rising_star_main_entrants.entered_at'))),
    )
    .execute();
}

/**
 * Writes the entrants again from every readable capture, after captures were loaded or removed in bulk (run it
 * in the load's transaction).
 */
export async function rebuildMainEntrants(db: Kysely<Schema>): Promise<void> {
  await db.deleteFrom('rising_star_main_entrants').execute();
  await db
    .insertInto('rising_star_main_entrants')
    .columns(['fiction_id', 'entered_at'])
    .expression(firstMainPlaces(db))
    .execute();
}

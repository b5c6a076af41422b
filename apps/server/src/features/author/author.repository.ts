import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** What the author's figures are made from: a fiction, its followers over time. */
export function authorRepository(db: Kysely<Schema>) {
  return {
    fiction(royalroadId: number) {
      return db
        .selectFrom('fictions')
        .select(['id', 'title', 'followers'])
        .where('royalroad_id', '=', royalroadId)
        .executeTakeFirst();
    },

    /** A fiction's current followers by its own id (null when unknown). */
    async followersOf(fictionId: number): Promise<number | null> {
      const row = await db
        .selectFrom('fictions')
        .select('followers')
        .where('id', '=', fictionId)
        .executeTakeFirst();
      return row?.followers ?? null;
    },

    /** A fiction's followers at each snapshot taken at `since` or later, oldest first (from its index). */
    followersSince(fictionId: number, since: string) {
      return db
        .selectFrom('fiction_snapshots')
        .select(['captured_at', 'followers'])
        .where('fiction_id', '=', fictionId)
        .where('captured_at', '>=', since)
        .where('followers', 'is not', null)
        .orderBy('captured_at')
        .execute();
    },

    /** A fiction's newest events of `kinds` (detected by comparing captures and page reads), newest first. */
    detectedEvents(fictionId: number, kinds: readonly string[], limit: number) {
      return db
        .selectFrom('fiction_events')
        .select(['id', 'kind', 'data', 'occurred_at'])
        .where('fiction_id', '=', fictionId)
        .where('kind', 'in', [...kinds])
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Entries into Rising Stars lists seen between `since` and `until`, with the fiction that entered, newest first. */
    entries(since: string, until: string, limit: number) {
      return db
        .selectFrom('fiction_events')
        .innerJoin('fictions', 'fictions.id', 'fiction_events.fiction_id')
        .select([
          'fiction_events.fiction_id',
          'fiction_events.data',
          'fiction_events.occurred_at',
          'fictions.royalroad_id',
          'fictions.title',
          'fictions.followers',
        ])
        .where('fiction_events.kind', '=', 'rs_entered')
        .where('fiction_events.occurred_at', '>', since)
        .where('fiction_events.occurred_at', '<=', until)
        .orderBy('fiction_events.occurred_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** The newest snapshot time of a fiction. */
    async newestSnapshotAt(fictionId: number): Promise<string | null> {
      const row = await db
        .selectFrom('fiction_snapshots')
        .select('captured_at')
        .where('fiction_id', '=', fictionId)
        .orderBy('captured_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? String(row.captured_at) : null;
    },
  };
}

export type AuthorRepository = ReturnType<typeof authorRepository>;

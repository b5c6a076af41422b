import type { Kysely } from 'kysely';
import { READABLE_CAPTURES, type Schema } from '../../db/schema.ts';

const READABLE = [...READABLE_CAPTURES];
/** What growth is computed from, of a snapshot. */
const SNAPSHOT_COLUMNS = [
  'captured_at',
  'followers',
  'favorites',
  'ratings',
  'total_views',
  'pages',
] as const;

/** What analytics read: snapshots, chapter release times, peers and Rising Stars entries. */
export function analyticsRepository(db: Kysely<Schema>) {
  return {
    /**
     * A fiction's current figures, when it last changed (a new snapshot changes `updated_at`) and when its
     * newest snapshot was taken.
     */
    fiction(royalroadId: number) {
      return db
        .selectFrom('fictions')
        .select([
          'id',
          'royalroad_id',
          'title',
          'author_name',
          'tags',
          'pages',
          'followers',
          'favorites',
          'ratings',
          'total_views',
          'overall_score',
          'updated_at',
          'last_scraped_at',
        ])
        .select((eb) =>
          eb
            .selectFrom('fiction_chapters')
            .select((inner) => inner.fn.min('fiction_chapters.published_at').as('first'))
            .whereRef('fiction_chapters.fiction_id', '=', 'fictions.id')
            .as('first_chapter_at'),
        )
        .where('royalroad_id', '=', royalroadId)
        .executeTakeFirst();
    },

    /** When a fiction last changed (a new snapshot changes it), by one indexed lookup. */
    version(royalroadId: number) {
      return db
        .selectFrom('fictions')
        .select(['id', 'updated_at'])
        .where('royalroad_id', '=', royalroadId)
        .executeTakeFirst();
    },

    /** Several fictions by Royal Road id, with their first chapter's release time. */
    fictionsByRoyalroadIds(royalroadIds: number[]) {
      if (royalroadIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('fictions')
        .select(['id', 'royalroad_id', 'title', 'updated_at'])
        .select((eb) =>
          eb
            .selectFrom('fiction_chapters')
            .select((inner) => inner.fn.min('fiction_chapters.published_at').as('first'))
            .whereRef('fiction_chapters.fiction_id', '=', 'fictions.id')
            .as('first_chapter_at'),
        )
        .where('royalroad_id', 'in', royalroadIds)
        .execute();
    },

    /** A fiction's snapshots taken at `since` or later, oldest first (read from its index, not its whole history). */
    snapshotsSince(fictionId: number, since: string) {
      return db
        .selectFrom('fiction_snapshots')
        .select(SNAPSHOT_COLUMNS)
        .where('fiction_id', '=', fictionId)
        .where('captured_at', '>=', since)
        .orderBy('captured_at')
        .execute();
    },

    snapshots(fictionId: number) {
      return db
        .selectFrom('fiction_snapshots')
        .select(SNAPSHOT_COLUMNS)
        .where('fiction_id', '=', fictionId)
        .orderBy('captured_at')
        .execute();
    },

    /** Chapters with a known release time, oldest first. */
    async chapters(fictionId: number) {
      const rows = await db
        .selectFrom('fiction_chapters')
        .select(['royalroad_chapter_id', 'title', 'published_at'])
        .where('fiction_id', '=', fictionId)
        .where('published_at', 'is not', null)
        .orderBy('published_at')
        .execute();
      return rows as Array<{ royalroad_chapter_id: number; title: string; published_at: string }>;
    },

    /**
     * Fictions with pages in [min, max] other than one, with their figures, first chapter's time and when
     * their newest snapshot was taken.
     */
    lengthPeers(range: { min: number; max: number }, excludeId: number) {
      return db
        .selectFrom('fictions')
        .select(['pages', 'followers', 'total_views', 'favorites', 'ratings', 'last_scraped_at'])
        .select((eb) =>
          eb
            .selectFrom('fiction_chapters')
            .select((inner) => inner.fn.min('fiction_chapters.published_at').as('first'))
            .whereRef('fiction_chapters.fiction_id', '=', 'fictions.id')
            .as('first_chapter_at'),
        )
        .where('pages', '>=', range.min)
        .where('pages', '<=', range.max)
        .where('id', '!=', excludeId)
        .execute();
    },

    /** The newest readable capture's id (a new one changes Rising Stars figures). */
    async latestCaptureId(): Promise<number | null> {
      const row = await db
        .selectFrom('rising_star_captures')
        .select('id')
        .where('status', 'in', READABLE)
        .orderBy('captured_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Every fiction's first appearance on the main list with its followers then (the last snapshot before,
     * or else the first after and when it was taken), its first chapter's time and its tags; and when the
     * first capture of the main list was.
     */
    async mainListEntries() {
      // Entrants are written as captures become readable, so this reads a few thousand rows, not every
      // main-list place ever captured.
      const first = await db
        .selectFrom('rising_star_main_entrants')
        .select((eb) => eb.fn.min('entered_at').as('first'))
        .executeTakeFirst();
      const rows = await db
        .selectFrom('rising_star_main_entrants as entered')
        .innerJoin('fictions', 'fictions.id', 'entered.fiction_id')
        .select((eb) => [
          'entered.fiction_id',
          'entered.entered_at',
          'fictions.tags',
          eb
            .selectFrom('fiction_snapshots')
            .select('fiction_snapshots.followers')
            .whereRef('fiction_snapshots.fiction_id', '=', 'entered.fiction_id')
            .whereRef('fiction_snapshots.captured_at', '<=', 'entered.entered_at')
            .where('fiction_snapshots.followers', 'is not', null)
            .orderBy('fiction_snapshots.captured_at', 'desc')
            .limit(1)
            .as('followers_before'),
          eb
            .selectFrom('fiction_snapshots')
            .select('fiction_snapshots.captured_at')
            .whereRef('fiction_snapshots.fiction_id', '=', 'entered.fiction_id')
            .whereRef('fiction_snapshots.captured_at', '>', 'entered.entered_at')
            .where('fiction_snapshots.followers', 'is not', null)
            .orderBy('fiction_snapshots.captured_at')
            .limit(1)
            .as('after_at'),
          eb
            .selectFrom('fiction_snapshots')
            .select('fiction_snapshots.followers')
            .whereRef('fiction_snapshots.fiction_id', '=', 'entered.fiction_id')
            .whereRef('fiction_snapshots.captured_at', '>', 'entered.entered_at')
            .where('fiction_snapshots.followers', 'is not', null)
            .orderBy('fiction_snapshots.captured_at')
            .limit(1)
            .as('followers_after'),
          eb
            .selectFrom('fiction_chapters')
            .select((inner) => inner.fn.min('fiction_chapters.published_at').as('first'))
            .whereRef('fiction_chapters.fiction_id', '=', 'entered.fiction_id')
            .as('first_chapter_at'),
        ])
        .execute();
      return { firstCaptureAt: first?.first ?? null, rows };
    },

    /** The best (lowest) position a fiction ever had on the main list. */
    async bestMainPosition(fictionId: number): Promise<number | null> {
      const row = await db
        .selectFrom('rising_star_entries')
        .select((eb) => eb.fn.min('position').as('best'))
        .where('fiction_id', '=', fictionId)
        .where('genre', '=', 'main')
        .executeTakeFirst();
      return row?.best ?? null;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;

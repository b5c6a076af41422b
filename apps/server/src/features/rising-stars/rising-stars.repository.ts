import type { RisingStarEntry, RisingStarRecord } from '@rrc/contract';
import type { Kysely } from 'kysely';
import { recordMainEntrants } from '../../db/main-entrants.ts';
import { type CaptureStatus, READABLE_CAPTURES, type Schema } from '../../db/schema.ts';
import type { ParsedListItem } from '../../royalroad/parsers/list.ts';

const READABLE = [...READABLE_CAPTURES];
/** Orders ISO 8601 times and list names as the databases do (code points, not locale). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Makes sure the fictions of a list exist inside the capture's transaction, answering the site's id of each
 * Royal Road id: the fictions repository does it, handed in by the composition root.
 */
export type EnsureFictions = (
  trx: Kysely<Schema>,
  items: ParsedListItem[],
  now: string,
) => Promise<{ ids: Map<number, number>; created: number }>;

export function risingStarsRepository(db: Kysely<Schema>, ensureFictions: EnsureFictions) {
  const entryColumns = [
    'fictions.id as id',
    'fictions.royalroad_id as royalroad_id',
    'fictions.title as title',
    'fictions.author_name as author_name',
    'fictions.image_url as image_url',
    'rising_star_entries.genre as genre',
    'rising_star_entries.position as position',
    'rising_star_captures.captured_at as captured_at',
  ] as const;

  const entries = () =>
    db
      .selectFrom('rising_star_entries')
      .innerJoin('rising_star_captures', 'rising_star_captures.id', 'rising_star_entries.capture_id')
      .innerJoin('fictions', 'fictions.id', 'rising_star_entries.fiction_id');

  /**
   * Every place some fictions held (on one list, or all) in captures readers see, oldest first and list by
   * list. The places come from the entries' index alone, then their captures by a range of ids: a fiction is
   * on the lists for a stretch of consecutive captures, so the range is the captures it needs, where joining
   * the two tables had PostgreSQL read every capture ever taken to match a few hundred.
   */
  async function placesOf(fictionIds: number[], genre?: string): Promise<RisingStarRecord[]> {
    if (fictionIds.length === 0) return [];
    let query = db
      .selectFrom('rising_star_entries')
      .select(['fiction_id', 'genre', 'capture_id', 'position'])
      .where('fiction_id', 'in', fictionIds);
    if (genre) query = query.where('genre', '=', genre);
    const places = await query.execute();
    if (places.length === 0) return [];
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const { capture_id } of places) {
      if (capture_id < first) first = capture_id;
      if (capture_id > last) last = capture_id;
    }
    const captures = await db
      .selectFrom('rising_star_captures')
      .select(['id', 'captured_at'])
      .where('id', '>=', first)
      .where('id', '<=', last)
      .where('status', 'in', READABLE)
      .execute();
    const times = new Map(captures.map((capture) => [capture.id, capture.captured_at]));
    return places
      .flatMap(({ fiction_id, genre, capture_id, position }) => {
        const captured_at = times.get(capture_id);
        return captured_at === undefined ? [] : [{ fiction_id, genre, position, captured_at }];
      })
      .sort((a, b) => compareText(a.captured_at, b.captured_at) || compareText(a.genre, b.genre));
  }

  async function latestCapture(): Promise<{ id: number; captured_at: string } | undefined> {
    return db
      .selectFrom('rising_star_captures')
      .select(['id', 'captured_at'])
      .where('status', 'in', READABLE)
      .orderBy('captured_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  return {
    latestCapture,

    async captureExistsAt(capturedAt: string): Promise<boolean> {
      const row = await db
        .selectFrom('rising_star_captures')
        .select('id')
        .where('captured_at', '=', capturedAt)
        .executeTakeFirst();
      return row !== undefined;
    },

    async createCapture(input: {
      capturedAt: string;
      genresTotal: number;
      jobRunId: number | null;
    }): Promise<number> {
      const row = await db
        .insertInto('rising_star_captures')
        .values({
          captured_at: input.capturedAt,
          status: 'running',
          genres_total: input.genresTotal,
          job_run_id: input.jobRunId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Stores one genre's list of a capture, creating unknown fictions, in one transaction. A list the capture
     * already holds is kept as it is (a worker that died after saving it, before recording that it had, is
     * continued by another that reads it again): its entries are counted, nothing is written twice.
     */
    saveGenreList(input: { captureId: number; genre: string; items: ParsedListItem[]; now: string }) {
      return db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('rising_star_entries')
          .select((eb) => eb.fn.countAll<number | string>().as('entries'))
          .where('capture_id', '=', input.captureId)
          .where('genre', '=', input.genre)
          .executeTakeFirst();
        const heldEntries = Number(held?.entries ?? 0);
        if (heldEntries > 0) return { entries: heldEntries, fictionsCreated: 0 };
        const { ids, created } = await ensureFictions(trx, input.items, input.now);
        await trx
          .insertInto('rising_star_entries')
          .values(
            input.items.map((item) => ({
              capture_id: input.captureId,
              genre: input.genre,
              position: item.position,
              fiction_id: ids.get(item.royalroadId) as number,
            })),
          )
          .execute();
        await trx
          .updateTable('rising_star_captures')
          .set((eb) => ({ genres_captured: eb('genres_captured', '+', 1) }))
          .where('id', '=', input.captureId)
          .execute();
        return { entries: input.items.length, fictionsCreated: created };
      });
    },

    /** Marks a capture finished; once readable, its main list's newcomers become entrants. */
    async finishCapture(captureId: number, status: CaptureStatus, finishedAt: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('rising_star_captures')
          .set({ status, finished_at: finishedAt })
          .where('id', '=', captureId)
          .execute();
        await recordMainEntrants(trx, [captureId]);
      });
    },

    /** Captures left running by a process that stopped: kept, but marked as partial or failed. */
    async closeAbandonedCaptures(olderThan: string, now: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const abandoned = await trx
          .selectFrom('rising_star_captures')
          .select('id')
          .where('status', '=', 'running')
          .where('captured_at', '<', olderThan)
          .execute();
        if (abandoned.length === 0) return 0;
        const ids = abandoned.map((row) => row.id);
        await trx
          .updateTable('rising_star_captures')
          .set((eb) => ({
            status: eb
              .case()
              .when('genres_captured', '>', 0)
              .then('partial' as CaptureStatus)
              .else('failed' as CaptureStatus)
              .end(),
            finished_at: now,
          }))
          .where('id', 'in', ids)
          .execute();
        // Those closed as partial are readable: their main lists count.
        await recordMainEntrants(trx, ids);
        return ids.length;
      });
    },

    async captureSummary(captureId: number) {
      return db.selectFrom('rising_star_captures').selectAll().where('id', '=', captureId).executeTakeFirst();
    },

    /** Entries of the latest capture, optionally of one genre, list by list. */
    async latestEntries(genre?: string): Promise<{ capturedAt: string | null; entries: RisingStarEntry[] }> {
      const latest = await latestCapture();
      if (!latest) return { capturedAt: null, entries: [] };
      let query = entries().select(entryColumns).where('rising_star_entries.capture_id', '=', latest.id);
      if (genre) query = query.where('rising_star_entries.genre', '=', genre);
      const rows = await query
        .orderBy('rising_star_entries.genre')
        .orderBy('rising_star_entries.position')
        .execute();
      return { capturedAt: latest.captured_at, entries: rows };
    },

    /** The top of the main list at the latest capture. */
    async top(limit: number): Promise<{ capturedAt: string | null; entries: RisingStarEntry[] }> {
      const latest = await latestCapture();
      if (!latest) return { capturedAt: null, entries: [] };
      const rows = await entries()
        .select(entryColumns)
        .where('rising_star_entries.capture_id', '=', latest.id)
        .where('rising_star_entries.genre', '=', 'main')
        .orderBy('rising_star_entries.position')
        .limit(limit)
        .execute();
      return { capturedAt: latest.captured_at, entries: rows };
    },

    /**
     * Every entry of one list between two times, oldest capture first. The captures of the window are
     * found first (by time), then their entries of that list (by capture and list): filtering the list's
     * entries of every capture ever by time would read years of history for a few days' answer. The time
     * is said twice, so that PostgreSQL also finds the joined captures by time rather than reading them all.
     */
    async range(input: { genre: string; start: string; end: string }): Promise<RisingStarEntry[]> {
      const captures = db
        .selectFrom('rising_star_captures')
        .select('id')
        .where('status', 'in', READABLE)
        .where('captured_at', '>=', input.start)
        .where('captured_at', '<=', input.end);
      return entries()
        .select(entryColumns)
        .where('rising_star_entries.capture_id', 'in', captures)
        .where('rising_star_entries.genre', '=', input.genre)
        .where('rising_star_captures.captured_at', '>=', input.start)
        .where('rising_star_captures.captured_at', '<=', input.end)
        .orderBy('rising_star_captures.captured_at')
        .orderBy('rising_star_entries.position')
        .execute();
    },

    /** The next batch of list places of some fictions after an entry id, for streaming exports. */
    recordBatch(fictionIds: number[], afterId: number, limit: number) {
      return db
        .selectFrom('rising_star_entries')
        .innerJoin('rising_star_captures', 'rising_star_captures.id', 'rising_star_entries.capture_id')
        .select([
          'rising_star_entries.id as id',
          'rising_star_entries.fiction_id as fiction_id',
          'rising_star_entries.genre as genre',
          'rising_star_entries.position as position',
          'rising_star_captures.captured_at as captured_at',
        ])
        .where('rising_star_entries.fiction_id', 'in', fictionIds)
        .where('rising_star_captures.status', 'in', READABLE)
        .where('rising_star_entries.id', '>', afterId)
        .orderBy('rising_star_entries.id')
        .limit(limit)
        .execute();
    },

    /** The readable capture just before a time. */
    previousCapture(before: string) {
      return db
        .selectFrom('rising_star_captures')
        .select(['id', 'captured_at'])
        .where('status', 'in', READABLE)
        .where('captured_at', '<', before)
        .orderBy('captured_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Every main-list place of some fictions, oldest first. */
    mainHistory: (fictionIds: number[]) => placesOf(fictionIds, 'main'),

    /** Every list of one capture with its fictions in rank order. */
    captureEntries(captureId: number) {
      return db
        .selectFrom('rising_star_entries')
        .innerJoin('fictions', 'fictions.id', 'rising_star_entries.fiction_id')
        .select([
          'rising_star_entries.genre as genre',
          'rising_star_entries.position as position',
          'fictions.id as fiction_id',
          'fictions.royalroad_id as royalroad_id',
          'fictions.title as title',
        ])
        .where('rising_star_entries.capture_id', '=', captureId)
        .orderBy('rising_star_entries.genre')
        .orderBy('rising_star_entries.position')
        .execute();
    },

    /** First and last capture a fiction was on one list, and how many captures. */
    async dateRange(fictionId: number, genre: string) {
      const row = await db
        .selectFrom('rising_star_entries')
        .innerJoin('rising_star_captures', 'rising_star_captures.id', 'rising_star_entries.capture_id')
        .select((eb) => [
          eb.fn.min<string>('rising_star_captures.captured_at').as('first'),
          eb.fn.max<string>('rising_star_captures.captured_at').as('last'),
          eb.fn.countAll<number>().as('captures'),
        ])
        .where('rising_star_entries.fiction_id', '=', fictionId)
        .where('rising_star_entries.genre', '=', genre)
        .where('rising_star_captures.status', 'in', READABLE)
        .executeTakeFirst();
      return row && Number(row.captures) > 0
        ? { first: String(row.first), last: String(row.last), captures: Number(row.captures) }
        : null;
    },

    /** A fiction's best (lowest) position on each list, ever. */
    async bestPositions(fictionId: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('rising_star_entries')
        .select((eb) => ['genre', eb.fn.min<number>('position').as('best')])
        .where('fiction_id', '=', fictionId)
        .groupBy('genre')
        .execute();
      return new Map(rows.map((row) => [row.genre, Number(row.best)]));
    },

    /** Every place a fiction held on any list, oldest first. */
    recordsForFiction: (fictionId: number) => placesOf([fictionId]),

    /** Every place held at some captures, capture by capture and list by list (the badges read two). */
    placesAt(captureIds: number[]) {
      if (captureIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('rising_star_entries')
        .select(['capture_id', 'fiction_id', 'genre', 'position'])
        .where('capture_id', 'in', captureIds)
        .orderBy('capture_id')
        .orderBy('genre')
        .orderBy('position')
        .execute();
    },
  };
}

export type RisingStarsRepository = ReturnType<typeof risingStarsRepository>;

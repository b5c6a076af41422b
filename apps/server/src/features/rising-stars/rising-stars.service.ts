import {
  MAX_RANGE_DAYS,
  type MainList,
  type RisingStarBadge,
  type RisingStarEntry,
  type RisingStarRecord,
  type RisingStarsLatest,
  type RisingStarsTop,
} from '@rrc/contract';
import type { CaptureStatus } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { ParsedListItem } from '../../royalroad/parsers/list.ts';
import { captureVersion } from './capture-version.ts';
import { buildMainList } from './main-list.ts';
import type { RisingStarsRepository } from './rising-stars.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows of Rising Stars answers kept in memory at most (a few tens of megabytes). */
const CACHED_ROWS = 50_000;
/** Characters of badge answers kept as sent at most. */
const BADGE_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * The Rising Stars history: the public reads (kept per capture, so a new capture makes every answer new,
 * whichever process made it), what the Position Calculator and exports read of it, and the writes of a capture.
 */
export function risingStarsService(deps: { risingStars: RisingStarsRepository; now: () => Date }) {
  const { risingStars } = deps;
  const version = captureVersion(risingStars);
  // Every answer is weighed by the rows it holds: a 90-day window of one list is 18,000 of them.
  const cache = new TtlCache<{ value: unknown; rows: number }>({
    ttlMs: 5 * 60_000,
    maxEntries: 2_000,
    maxWeight: CACHED_ROWS,
    weigh: (entry) => entry.rows,
  });
  /** An answer kept per capture under `key`; `rows` says how many rows it holds. */
  async function cached<T>(key: string, load: () => Promise<T>, rows: (value: T) => number): Promise<T> {
    const entry = await cache.get(`${await version()}|${key}`, async () => {
      const value = await load();
      return { value, rows: rows(value) };
    });
    return entry.value as T;
  }

  // A reader's whole list asks at once, each reader a different list: the badges of every fiction on the
  // latest capture are kept per capture (two captures' places, 7,000 rows), and each list is answered from
  // them. The answers as sent are kept too (by size): 500 favorites make 400 KB of JSON, and serializing
  // that again whenever the public cache's copy expired (every 2 s under load) held every request up.
  const badgeAnswers = new TtlCache<string>({
    ttlMs: 5 * 60_000,
    maxEntries: 1_000,
    maxWeight: BADGE_ANSWER_BYTES,
    weigh: (body) => body.length,
  });

  /** Each fiction's badges at the latest capture: its place on each list, and on that list the capture before. */
  function badgeIndex() {
    return cached(
      'badges',
      async () => {
        const badges = new Map<number, RisingStarBadge[]>();
        const latest = await risingStars.latestCapture();
        if (!latest) return { capturedAt: null, badges, rows: 0 };
        const previous = await risingStars.previousCapture(latest.captured_at);
        const places = await risingStars.placesAt(previous ? [latest.id, previous.id] : [latest.id]);
        const before = new Map<string, number>();
        for (const place of places) {
          if (place.capture_id !== latest.id)
            before.set(`${place.fiction_id}:${place.genre}`, place.position);
        }
        for (const place of places) {
          if (place.capture_id !== latest.id) continue;
          const previousPosition = before.get(`${place.fiction_id}:${place.genre}`) ?? null;
          const list = badges.get(place.fiction_id) ?? [];
          list.push({
            genre: place.genre,
            position: place.position,
            captured_at: latest.captured_at,
            previous_position: previousPosition,
            previous_captured_at: previousPosition === null ? null : (previous?.captured_at ?? null),
          });
          badges.set(place.fiction_id, list);
        }
        return { capturedAt: latest.captured_at, badges, rows: places.length };
      },
      (index) => Math.max(1, index.rows),
    );
  }

  async function badgesOf(fictionIds: number[]): Promise<RisingStarsLatest> {
    const index = await badgeIndex();
    const badges: Record<string, RisingStarBadge[]> = {};
    for (const id of fictionIds) {
      const list = index.badges.get(id);
      if (list) badges[String(id)] = list;
    }
    return { captured_at: index.capturedAt, badges };
  }

  return {
    /** The latest finished capture's identity, looked up at most every 2 s: keys other caches by capture. */
    version,

    /** Every entry of one list between two dates (default: the week before the end, which defaults to now). */
    async range(query: { genre: string; startDate?: string; endDate?: string }) {
      const { genre } = query;
      const end = query.endDate ?? deps.now().toISOString();
      const start = query.startDate ?? new Date(Date.parse(end) - 7 * DAY_MS).toISOString();
      if (Date.parse(start) > Date.parse(end)) throw badRequest('startDate must be before endDate.');
      if (Date.parse(end) - Date.parse(start) > MAX_RANGE_DAYS * DAY_MS) {
        throw badRequest(`The date range may span at most ${MAX_RANGE_DAYS} days.`);
      }
      const load = () => risingStars.range({ genre, start, end });
      // Without an end date the range moves with the clock: only explicit ranges are kept.
      const entries: RisingStarEntry[] = query.endDate
        ? await cached(`range|${genre}|${start}|${end}`, load, (rows) => rows.length)
        : await load();
      return { genre, start, end, entries };
    },

    /** The latest capture (of one list, or all); with fictionIds, those fictions' badge data instead. */
    async latest(query: { genre?: string; fictionIds?: number[] }): Promise<RisingStarsLatest> {
      const { fictionIds, genre } = query;
      if (fictionIds) return badgesOf(fictionIds);
      const { capturedAt, entries } = await cached(
        `latest|${genre ?? ''}`,
        () => risingStars.latestEntries(genre),
        (answer) => answer.entries.length,
      );
      return { captured_at: capturedAt, entries };
    },

    /**
     * The badges of many fictions as sent: `serialize` (the route's, which checks the answer against its
     * schema) runs once per capture and list of ids, not each time the answer is sent.
     */
    async badgesAnswer(
      fictionIds: number[],
      serialize: (answer: RisingStarsLatest) => string,
    ): Promise<string> {
      return badgeAnswers.get(`${await version()}|${fictionIds.join(',')}`, async () =>
        serialize(await badgesOf(fictionIds)),
      );
    },

    /** Every place a fiction held on any list, oldest first. */
    forFiction(fictionId: number): Promise<RisingStarRecord[]> {
      return cached(
        `fiction|${fictionId}`,
        () => risingStars.recordsForFiction(fictionId),
        (records) => records.length,
      );
    },

    /** First and last capture a fiction was on one list; 404 when it never was. */
    async dateRange(fictionId: number, genre: string) {
      const range = await risingStars.dateRange(fictionId, genre);
      if (!range)
        throw notFound(
          `That fiction has never been on the ${genre === 'main' ? 'main' : genre} Rising Stars list.`,
        );
      return { first_captured_at: range.first, last_captured_at: range.last, captures: range.captures };
    },

    /** The latest main list with best positions, days on the list and movement. */
    mainList(): Promise<MainList> {
      return cached(
        'main',
        () => buildMainList(risingStars),
        (list) => list.entries.length,
      );
    },

    /** The top of the main list at the latest capture. */
    async top(limit: number): Promise<RisingStarsTop> {
      const { capturedAt, entries } = await cached(
        `top|${limit}`,
        () => risingStars.top(limit),
        (answer) => answer.entries.length,
      );
      return { captured_at: capturedAt, entries };
    },

    // What the Position Calculator reads of a capture.
    latestCapture: () => risingStars.latestCapture(),
    previousCapture: (before: string) => risingStars.previousCapture(before),
    captureEntries: (captureId: number) => risingStars.captureEntries(captureId),
    bestPositions: (fictionId: number) => risingStars.bestPositions(fictionId),

    /** The next batch of Rising Stars places of some fictions after an entry id (streamed exports). */
    recordBatch: (fictionIds: number[], afterId: number, limit: number) =>
      risingStars.recordBatch(fictionIds, afterId, limit),

    // A capture, as the Rising Stars job writes it.
    closeAbandonedCaptures: (olderThan: string, now: string) =>
      risingStars.closeAbandonedCaptures(olderThan, now),
    createCapture: (input: { capturedAt: string; genresTotal: number; jobRunId: number | null }) =>
      risingStars.createCapture(input),
    saveGenreList: (input: { captureId: number; genre: string; items: ParsedListItem[]; now: string }) =>
      risingStars.saveGenreList(input),
    finishCapture: (captureId: number, status: CaptureStatus, finishedAt: string) =>
      risingStars.finishCapture(captureId, status, finishedAt),
  };
}

export type RisingStarsService = ReturnType<typeof risingStarsService>;

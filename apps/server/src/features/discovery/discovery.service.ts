import {
  compareGenres,
  type FictionCard,
  type FictionSearchQuery,
  type FictionSearchResult,
  genreLabel,
  type MoversQuery,
  type MoversResult,
  WINDOW_DAYS,
} from '@rrc/contract';
import { stringList } from '../../lib/string-list.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type {
  CardRow,
  DiscoveryRepository,
  GainDays,
  GainRow,
  SearchFilter,
} from './discovery.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const GAIN_DAYS: GainDays[] = [1, 7, 30];
const SPARKLINE_DAYS = 30;
/** Words of a query the full-text index is asked about; the rest are ignored. */
const MAX_WORDS = 12;
const TYPES = { original: 'Original', fanfiction: 'Fan Fiction' } as const;

const iso = (ms: number) => new Date(ms).toISOString();

/** Lower case without accents, as both full-text indexes store words. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a query, as the full-text indexes see them: runs of letters and digits. */
export function queryWords(text: string): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * Each fiction's gains for a window ending at `windowEnd`, from its snapshots (oldest first, grouped by
 * fiction). The end is its latest snapshot in the day up to `windowEnd`; the start of an N-day window is
 * its latest snapshot in the day up to N days before. A fiction without an end is left out; a window
 * without a start gets no gain (null), never a made-up zero.
 */
export function computeGains(
  snapshots: Array<{ fiction_id: number; captured_at: string; followers: number }>,
  windowEnd: string,
): GainRow[] {
  const end = Date.parse(windowEnd);
  const rows: GainRow[] = [];
  let index = 0;
  while (index < snapshots.length) {
    const fictionId = snapshots[index]?.fiction_id;
    const own: Array<{ at: number; captured_at: string; followers: number }> = [];
    while (index < snapshots.length && snapshots[index]?.fiction_id === fictionId) {
      const snapshot = snapshots[index] as (typeof snapshots)[number];
      own.push({ at: Date.parse(snapshot.captured_at), ...snapshot });
      index++;
    }
    const latestIn = (after: number, until: number) => own.findLast((s) => s.at > after && s.at <= until);
    const last = latestIn(end - DAY_MS, end);
    if (!last || fictionId === undefined) continue;
    const row: GainRow = {
      fiction_id: fictionId,
      to_at: last.captured_at,
      to_followers: last.followers,
      from1_at: null,
      from1_followers: null,
      gain1: null,
      from7_at: null,
      from7_followers: null,
      gain7: null,
      from30_at: null,
      from30_followers: null,
      gain30: null,
    };
    for (const days of GAIN_DAYS) {
      const first = latestIn(end - (days + 1) * DAY_MS, end - days * DAY_MS);
      if (!first) continue;
      row[`from${days}_at`] = first.captured_at;
      row[`from${days}_followers`] = first.followers;
      row[`gain${days}`] = last.followers - first.followers;
    }
    rows.push(row);
  }
  return rows;
}

/** The time ranges whose snapshots `computeGains` reads. */
export function gainRanges(windowEnd: string): Array<{ after: string; until: string }> {
  const end = Date.parse(windowEnd);
  return [0, ...GAIN_DAYS].map((days) => ({
    after: iso(end - (days + 1) * DAY_MS),
    until: iso(end - days * DAY_MS),
  }));
}

/** One point a day (the day's last count) over the 30 days up to `windowEnd`, oldest first. */
export function sparklineOf(
  points: Array<{ captured_at: string; followers: number }>,
  windowEnd: string,
): number[] {
  const start = Date.parse(windowEnd) - SPARKLINE_DAYS * DAY_MS;
  const byDay = new Map<number, number>();
  for (const point of points)
    byDay.set(Math.floor((Date.parse(point.captured_at) - start) / DAY_MS), point.followers);
  return [...byDay.entries()].sort(([a], [b]) => a - b).map(([, followers]) => followers);
}

/** Search, browsing and the movers over every fiction the site knows, with gains measured from snapshots. */
export function discoveryService(deps: { repository: DiscoveryRepository; now: () => Date }) {
  const { repository } = deps;
  const clock = () => deps.now().getTime();
  // A new snapshot is noticed within 15 seconds; gains are rebuilt once per new latest snapshot.
  const latest = new TtlCache<string | null>({ ttlMs: 15_000, maxEntries: 1, now: clock });
  const rebuilds = new TtlCache<string>({ ttlMs: 60 * 60_000, maxEntries: 2, now: clock });
  // Answers are the same for everyone: kept 15 seconds, at most 500 of them and 20,000 cards in all.
  const searches = new TtlCache<FictionSearchResult>({
    ttlMs: 15_000,
    maxEntries: 500,
    maxWeight: 20_000,
    weigh: (result) => result.items.length,
    now: clock,
  });
  const movers = new TtlCache<MoversResult>({
    ttlMs: 15_000,
    maxEntries: 200,
    maxWeight: 20_000,
    weigh: (result) =>
      result.items.length + result.rising_stars.entered.length + result.rising_stars.left.length,
    now: clock,
  });

  /** The latest snapshot, with `fiction_gains` computed for it. */
  async function currentWindowEnd(): Promise<string | null> {
    const windowEnd = await latest.get('latest', () => repository.latestSnapshotAt());
    if (!windowEnd) return null;
    return rebuilds.get(windowEnd, async () => {
      if ((await repository.gainsWindowEnd()) !== windowEnd) {
        const snapshots = await repository.snapshotsIn(gainRanges(windowEnd));
        await repository.replaceGains(
          windowEnd,
          computeGains(snapshots, windowEnd),
          deps.now().toISOString(),
        );
      }
      return windowEnd;
    });
  }

  async function toCards(rows: CardRow[], windowEnd: string | null): Promise<FictionCard[]> {
    const history = new Map<number, Array<{ captured_at: string; followers: number }>>();
    if (windowEnd) {
      const end = Date.parse(windowEnd);
      const points = await repository.followersBetween(
        rows.map((row) => row.id),
        iso(end - SPARKLINE_DAYS * DAY_MS),
        windowEnd,
      );
      for (const point of points) {
        const list = history.get(point.fiction_id) ?? [];
        list.push(point);
        history.set(point.fiction_id, list);
      }
    }
    return rows.map((row) => ({
      id: row.id,
      royalroad_id: row.royalroad_id,
      title: row.title,
      author_name: row.author_name,
      image_url: row.image_url,
      status: row.status,
      type: row.type,
      tags: stringList(row.tags),
      followers: row.followers,
      pages: row.pages,
      overall_score: row.overall_score,
      gain7: row.gain7,
      gain30: row.gain30,
      sparkline: windowEnd ? sparklineOf(history.get(row.id) ?? [], windowEnd) : [],
    }));
  }

  async function filterOf(query: FictionSearchQuery, windowEnd: string | null): Promise<SearchFilter> {
    const reference = windowEnd ? Date.parse(windowEnd) : clock();
    let risingStars: SearchFilter['risingStars'];
    if (query.onRisingStars !== undefined) {
      const [capture] = await repository.latestCaptures(1);
      risingStars = { captureId: capture?.id ?? null, on: query.onRisingStars };
    }
    return {
      words: queryWords(query.q),
      text: query.q.toLowerCase(),
      tags: query.tags.map((tag) => tag.toLowerCase()),
      anyTags: query.genres.map((genre) => genreLabel(genre).toLowerCase()),
      statuses: query.status.map((status) => status.toUpperCase()),
      type: query.type ? TYPES[query.type] : undefined,
      minFollowers: query.minFollowers,
      maxFollowers: query.maxFollowers,
      minPages: query.minPages,
      maxPages: query.maxPages,
      updatedSince:
        query.updatedWithinDays === undefined ? undefined : iso(reference - query.updatedWithinDays * DAY_MS),
      risingStars,
    };
  }

  async function search(query: FictionSearchQuery): Promise<FictionSearchResult> {
    const windowEnd = await currentWindowEnd();
    return searches.get(`${windowEnd}|${JSON.stringify(query)}`, async () => {
      const filter = await filterOf(query, windowEnd);
      const page = {
        filter,
        // Without words, relevance has nothing to rank by: the most followed come first.
        order: query.sort,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      };
      const hasText = filter.text.trim() !== '';
      let found = await repository.search({ ...page, fallback: hasText && !filter.words.length });
      // Nothing matched word for word: look for the text inside titles and authors' names instead, so
      // "night" still finds "Knightfall" (a query without words, like "%", goes there at once).
      if (found.total === 0 && hasText && filter.words.length)
        found = await repository.search({ ...page, fallback: true });
      return {
        items: await toCards(found.rows, windowEnd),
        total: found.total,
        page: query.page,
        limit: query.limit,
        as_of: windowEnd,
      };
    });
  }

  async function risingStarsChange(
    genre: string | undefined,
    limit: number,
  ): Promise<MoversResult['rising_stars']> {
    const [current, previous] = await repository.latestCaptures(2);
    if (!current || !previous)
      return { captured_at: current?.captured_at ?? null, previous_captured_at: null, entered: [], left: [] };
    const entries = await repository.captureEntries([current.id, previous.id]);
    const genresOf = (captureId: number) =>
      new Set(entries.filter((entry) => entry.capture_id === captureId).map((entry) => entry.genre));
    const currentGenres = genresOf(current.id);
    // Only lists both captures hold are compared, so a list missing from a partial capture empties nothing.
    const compared = [...genresOf(previous.id)].filter(
      (slug) => currentGenres.has(slug) && (genre === undefined || slug === genre),
    );
    /** Each fiction's best place on the compared lists of a capture (the main list first on a tie). */
    const bestPlaces = (captureId: number) => {
      const best = new Map<number, { list: string; position: number }>();
      for (const entry of entries) {
        if (entry.capture_id !== captureId || !compared.includes(entry.genre)) continue;
        const held = best.get(entry.fiction_id);
        if (
          !held ||
          entry.position < held.position ||
          (entry.position === held.position && compareGenres(entry.genre, held.list) < 0)
        )
          best.set(entry.fiction_id, { list: entry.genre, position: entry.position });
      }
      return best;
    };
    const now = bestPlaces(current.id);
    const before = bestPlaces(previous.id);
    const only = (a: Map<number, { list: string; position: number }>, b: Map<number, unknown>) =>
      [...a.entries()]
        .filter(([id]) => !b.has(id))
        .sort(([idA, placeA], [idB, placeB]) => placeA.position - placeB.position || idA - idB)
        .slice(0, limit)
        .map(([id, place]) => ({ id, ...place }));
    const entered = only(now, before);
    const left = only(before, now);
    const windowEnd = await currentWindowEnd();
    const cards = new Map(
      (await toCards(await repository.cards([...entered, ...left].map((move) => move.id)), windowEnd)).map(
        (card) => [card.id, card],
      ),
    );
    const pick = (moves: Array<{ id: number; list: string; position: number }>) =>
      moves.flatMap(({ id, list, position }) => {
        const card = cards.get(id);
        return card ? [{ ...card, list, position }] : [];
      });
    return {
      captured_at: current.captured_at,
      previous_captured_at: previous.captured_at,
      entered: pick(entered),
      left: pick(left),
    };
  }

  return {
    search,

    async movers(query: MoversQuery): Promise<MoversResult> {
      const windowEnd = await currentWindowEnd();
      return movers.get(`${windowEnd}|${JSON.stringify(query)}`, async () => {
        const days = WINDOW_DAYS[query.window] as GainDays;
        const rows = windowEnd
          ? await repository.movers({
              days,
              tag: query.genre ? genreLabel(query.genre).toLowerCase() : undefined,
              limit: query.limit,
            })
          : [];
        const cards = await toCards(rows, windowEnd);
        return {
          window: query.window,
          genre: query.genre ?? null,
          as_of: windowEnd,
          items: rows.map((row, index) => {
            const spanDays = (Date.parse(row.to_at) - Date.parse(row.from_at as string)) / DAY_MS;
            const gain = row.gain as number;
            return {
              fiction: cards[index] as FictionCard,
              gain,
              gain_per_day: Math.round((gain / spanDays) * 10) / 10,
              from: row.from as number,
              to: row.to,
              from_at: row.from_at as string,
              to_at: row.to_at,
            };
          }),
          rising_stars: await risingStarsChange(query.genre, query.limit),
        };
      });
    },
  };
}

export type DiscoveryService = ReturnType<typeof discoveryService>;

import type { Fiction, PositionResult } from '@rrc/contract';
import { compareGenres } from '@rrc/contract';
import { tooManyRequests } from '../../errors.ts';
import { type LimiterStore, memoryLimiterStore } from '../../lib/limiter-store.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { waitInWords } from '../../lib/wait-in-words.ts';
import type { Requester } from '../../royalroad/request-queues.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { RisingStarsService } from '../rising-stars/rising-stars.service.ts';
import type { ScrapingService } from '../scraping/scraping.service.ts';
import { type CaptureLists, estimateMainPosition } from './estimator.ts';

const NEIGHBOURS = 2;
/** Fictions the site has never seen that one address may look up on Royal Road in an hour. */
export const LOOKUPS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

type CaptureRow = Awaited<ReturnType<RisingStarsService['captureEntries']>>[number];

function listsOf(rows: CaptureRow[]): Map<string, CaptureRow[]> {
  const lists = new Map<string, CaptureRow[]>();
  for (const row of rows) {
    const list = lists.get(row.genre) ?? [];
    list.push(row);
    lists.set(row.genre, list);
  }
  for (const list of lists.values()) list.sort((a, b) => a.position - b.position);
  return lists;
}

/**
 * The Position Calculator for any fiction: a fiction the site has never seen is looked up on Royal Road first
 * (in the interactive queue), at most LOOKUPS_PER_HOUR a client address, then placed like any other.
 */
export function positionService(deps: {
  fictions: Pick<FictionsService, 'byRoyalroadId'>;
  risingStars: RisingStarsService;
  scraping: Pick<ScrapingService, 'lookUp'>;
  now?: () => number;
  /** Where look-ups are counted (every instance together on PostgreSQL); this process's memory if not given. */
  limits?: LimiterStore;
}) {
  const lookUps = (deps.limits ?? memoryLimiterStore()).limit({
    name: 'position-look-ups',
    limit: LOOKUPS_PER_HOUR,
    windowMs: HOUR_MS,
    now: deps.now,
  });
  // Answers per capture and fiction, the 2,000 last asked for.
  const results = new TtlCache<PositionResult>({ ttlMs: 10 * 60_000, maxEntries: 2_000 });

  async function positionFor(royalroadId: number, requester: Requester): Promise<PositionResult> {
    let row = await deps.fictions.byRoyalroadId(royalroadId);
    if (!row) {
      const admitted = await lookUps.take(requester.address ?? 'unknown');
      if (!admitted.ok) {
        throw tooManyRequests(
          `You have looked up ${LOOKUPS_PER_HOUR} fictions new to this site in the last hour. Please try again in ${waitInWords(admitted.retryAfterMs)}.`,
          Math.ceil(admitted.retryAfterMs / 1000),
        );
      }
      row = await deps.scraping.lookUp(royalroadId, requester);
    }
    return placeOf(deps, row);
  }

  return {
    /** Where a fiction stands at the latest capture; kept per capture. */
    async positionFor(royalroadId: number, requester: Requester): Promise<PositionResult> {
      const key = `${await deps.risingStars.version()}|${royalroadId}`;
      return results.get(key, () => positionFor(royalroadId, requester));
    },

    /** The capture the calculator works from: its time, its lists and how many fictions they hold. */
    async latestScrape() {
      const latest = await deps.risingStars.latestCapture();
      if (!latest) return { captured_at: null, genres: [], fictions: 0 };
      const entries = await deps.risingStars.captureEntries(latest.id);
      return {
        captured_at: latest.captured_at,
        genres: [...new Set(entries.map((entry) => entry.genre))],
        fictions: new Set(entries.map((entry) => entry.fiction_id)).size,
      };
    },
  };
}

export type PositionService = ReturnType<typeof positionService>;

/** Where a fiction stands on Rising Stars at the latest capture, and how far it is from the main list. */
async function placeOf(deps: { risingStars: RisingStarsService }, row: Fiction): Promise<PositionResult> {
  const fiction = {
    id: row.id,
    royalroad_id: row.royalroad_id,
    title: row.title,
    author_name: row.author_name,
    image_url: row.image_url,
  };
  const latest = await deps.risingStars.latestCapture();
  if (!latest) {
    return {
      fiction,
      captured_at: null,
      status: 'unranked',
      message: 'No Rising Stars capture has run yet.',
      estimate: null,
      lists: [],
    };
  }
  const [current, previousCapture, best] = await Promise.all([
    deps.risingStars.captureEntries(latest.id),
    deps.risingStars.previousCapture(latest.captured_at),
    deps.risingStars.bestPositions(row.id),
  ]);
  const previous = previousCapture
    ? listsOf(await deps.risingStars.captureEntries(previousCapture.id))
    : new Map();
  const lists = listsOf(current);

  const mine = [...lists.entries()]
    .filter(([, list]) => list.some((entry) => entry.fiction_id === row.id))
    .sort(([a], [b]) => compareGenres(a, b))
    .map(([genre, list]) => {
      const index = list.findIndex((entry) => entry.fiction_id === row.id);
      const entry = list[index] as CaptureRow;
      const neighbour = (other: CaptureRow) => ({
        royalroad_id: other.royalroad_id,
        title: other.title,
        position: other.position,
      });
      const before = (previous.get(genre) as CaptureRow[] | undefined)?.find(
        (other) => other.fiction_id === row.id,
      );
      return {
        genre,
        position: entry.position,
        best_position: Math.min(best.get(genre) ?? entry.position, entry.position),
        previous_position: before?.position ?? null,
        above: list.slice(Math.max(0, index - NEIGHBOURS), index).map(neighbour),
        below: list.slice(index + 1, index + 1 + NEIGHBOURS).map(neighbour),
      };
    });

  if (mine.length === 0) {
    return {
      fiction,
      captured_at: latest.captured_at,
      status: 'unranked',
      message: 'This fiction is not on any Rising Stars list right now, so there is no position to estimate.',
      estimate: null,
      lists: [],
    };
  }

  const captureLists: CaptureLists = Object.fromEntries(
    [...lists.entries()].map(([genre, list]) => [genre, list.map((entry) => entry.fiction_id)]),
  );
  const estimate = estimateMainPosition(captureLists, row.id);
  const onMain = mine.some((list) => list.genre === 'main');
  const result = estimate && {
    position: Math.round(estimate.position),
    low: Math.round(estimate.low),
    high: Math.round(estimate.high),
    known_ahead: estimate.knownAhead,
    to_climb: estimate.toClimb,
  };
  return {
    fiction,
    captured_at: latest.captured_at,
    status: onMain ? 'main' : 'estimated',
    message: onMain
      ? `On the main Rising Stars list at #${mine.find((list) => list.genre === 'main')?.position}.`
      : result
        ? `Not on the main list yet: about #${result.position} (likely between #${result.low} and #${result.high}), ${result.to_climb} places from #50.`
        : 'Not on the main list yet.',
    estimate: result,
    lists: mine,
  };
}

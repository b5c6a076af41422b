import type { PositionResult } from '@rrc/contract';
import { compareGenres } from '@rrc/contract';
import { notFound } from '../../errors.ts';
import type { FictionsRepository } from '../fictions/fictions.repository.ts';
import type { RisingStarsRepository } from '../rising-stars/rising-stars.repository.ts';
import { type CaptureLists, estimateMainPosition } from './estimator.ts';

const NEIGHBOURS = 2;

type CaptureRow = Awaited<ReturnType<RisingStarsRepository['captureEntries']>>[number];

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

/** Where a fiction stands on Rising Stars at the latest capture, and how far it is from the main list. */
export async function positionFor(
  deps: { fictions: FictionsRepository; risingStars: RisingStarsRepository },
  royalroadId: number,
): Promise<PositionResult> {
  const row = await deps.fictions.findByRoyalroadId(royalroadId);
  if (!row) throw notFound('Fiction not found. Add it from its Royal Road link first.');
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

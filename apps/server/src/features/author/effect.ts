import { EFFECT_DAYS_AFTER, EFFECT_DAYS_BEFORE, type EventEffect } from '@rrc/contract';
import { linearRegression, probit } from 'simple-statistics';
import type { AuthorRepository } from './author.repository.ts';
import type { FollowerPoint } from './projection.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Snapshots the trend before an event is fitted on, at the fewest, and the days they must span. */
const MIN_POINTS_BEFORE = 5;
const MIN_DAYS_BEFORE = 7;
/** How far from the event (and from a week after it) the nearest snapshot may be for a count there. */
const NEAREST_DAYS = 2;
const Z80 = probit(0.9);

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Followers at `t`, read between the snapshots around it; null when none is within NEAREST_DAYS of it. */
function followersAt(points: ReadonlyArray<{ t: number; followers: number }>, t: number): number | null {
  let before: { t: number; followers: number } | undefined;
  let after: { t: number; followers: number } | undefined;
  for (const point of points) {
    if (point.t <= t) before = point;
    else {
      after = point;
      break;
    }
  }
  const near = NEAREST_DAYS * DAY_MS;
  if (before && after && t - before.t <= near && after.t - t <= near) {
    const share = (t - before.t) / (after.t - before.t);
    return before.followers + share * (after.followers - before.followers);
  }
  if (before && t - before.t <= near && !after) return before.followers;
  if (after && after.t - t <= near && !before) return after.followers;
  if (before && t - before.t <= near) return before.followers;
  if (after && after.t - t <= near) return after.followers;
  return null;
}

/**
 * What an event at `at` did to a fiction's followers: those gained over the EFFECT_DAYS_AFTER days after it,
 * against those expected from a line fitted on the EFFECT_DAYS_BEFORE days before it, with an 80 % range from
 * the line's own scatter (the scatter of both ends of the week and the uncertainty of the slope). A plain
 * reason instead when the snapshots around the event cannot tell.
 */
export function eventEffect(history: readonly FollowerPoint[], at: string): EventEffect {
  const t0 = Date.parse(at);
  const points = history
    .map((point) => ({ t: Date.parse(point.at), followers: point.followers }))
    .filter((point) => Number.isFinite(point.t))
    .sort((a, b) => a.t - b.t);
  const before = points.filter((point) => point.t <= t0 && point.t >= t0 - EFFECT_DAYS_BEFORE * DAY_MS);
  const spanDays = before.length > 1 ? ((before.at(-1)?.t ?? 0) - (before[0]?.t ?? 0)) / DAY_MS : 0;
  if (before.length < MIN_POINTS_BEFORE || spanDays < MIN_DAYS_BEFORE)
    return {
      reason: `Too few snapshots before it: ${before.length} in the ${EFFECT_DAYS_BEFORE} days before (at least ${MIN_POINTS_BEFORE}, over a week, give the trend).`,
    };
  const end = t0 + EFFECT_DAYS_AFTER * DAY_MS;
  const newest = points.at(-1);
  if (!newest || newest.t < end) {
    const days = newest ? Math.max(0, Math.floor((newest.t - t0) / DAY_MS)) : 0;
    return {
      reason: `The week after it is not over yet in the snapshots: ${days} of ${EFFECT_DAYS_AFTER} days captured.`,
    };
  }
  const base = followersAt(points, t0);
  const after = followersAt(points, end);
  if (base === null || after === null)
    return { reason: 'No snapshot close enough to it, or to a week after it, to count its followers.' };

  const xy = before.map((point): [number, number] => [(point.t - t0) / DAY_MS, point.followers]);
  const { m: slope, b: intercept } = linearRegression(xy);
  const meanX = xy.reduce((sum, [x]) => sum + x, 0) / xy.length;
  const residuals = xy.map(([x, y]) => y - (intercept + slope * x));
  const scatter = Math.sqrt(residuals.reduce((sum, r) => sum + r * r, 0) / Math.max(1, xy.length - 2));
  const spread = xy.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  const slopeError = spread > 0 ? scatter / Math.sqrt(spread) : 0;
  const expected = slope * EFFECT_DAYS_AFTER;
  const gainError = Math.sqrt(2 * scatter ** 2 + (EFFECT_DAYS_AFTER * slopeError) ** 2);
  const gained = Math.round(after - base);
  return {
    gained,
    expected: round1(expected),
    excess: round1(gained - expected),
    low: round1(expected - Z80 * gainError),
    high: round1(expected + Z80 * gainError),
    base: Math.round(base),
  };
}

/** What the week after each time of `ats` did to a fiction's followers, from one read of its history. */
export async function effectsAt(
  author: Pick<AuthorRepository, 'followersSince'>,
  fictionId: number,
  ats: readonly string[],
): Promise<EventEffect[]> {
  if (ats.length === 0) return [];
  const earliest = Math.min(...ats.map((at) => Date.parse(at)));
  const since = new Date(earliest - (EFFECT_DAYS_BEFORE + 1) * DAY_MS).toISOString();
  const history = (await author.followersSince(fictionId, since)).map((row) => ({
    at: String(row.captured_at),
    followers: Number(row.followers),
  }));
  return ats.map((at) => eventEffect(history, at));
}

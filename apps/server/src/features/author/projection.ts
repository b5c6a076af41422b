import { linearRegression, probit, sampleStandardDeviation } from 'simple-statistics';

/** A fiction's followers at one time. */
export interface FollowerPoint {
  at: string;
  followers: number;
}

/** Followers projected `days` after the newest point: the middle and an 80 % interval. */
export interface ProjectedFollowers {
  days: number;
  low: number;
  mid: number;
  high: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Fewer days of history than this between the first and the newest point: no projection. */
export const MIN_PROJECTION_DAYS = 14;
/** The days the pace is fitted on, counted back from the newest point. */
const FIT_DAYS = 14;
/** Both ends of an 80 % interval. */
const Z80 = probit(0.9);
/**
 * How much a fiction's pace itself wanders, as a share of the pace, per day of the horizon: a pace measured
 * over two weeks holds only roughly for a month (fitted on the histories the bench backtests, so that the
 * 80 % interval holds the truth about 80 % of the time).
 */
const PACE_DRIFT = 0.16;
/**
 * The share of the gains' day-to-day scatter that adds up over the horizon: most of it evens out within days
 * (a capture taken late moves followers from one day's gain to the next one's).
 */
const SCATTER_WEIGHT = 0.2;
/** A change of pace between the two fortnights counts for this share (the rest is noise). */
const PACE_CHANGE_WEIGHT = 0.5;
/** The most a pace may grow or shrink per day in a projection (+1 %, -3 %). */
const MAX_DAILY_PACE_GROWTH = 0.01;
const MAX_DAILY_PACE_DECAY = 0.03;

/** One point per UTC day (that day's newest), as days before the newest point, oldest first. */
function dailyPoints(points: readonly FollowerPoint[]) {
  const byDay = new Map<number, { time: number; followers: number }>();
  for (const point of points) {
    const time = Date.parse(point.at);
    if (!Number.isFinite(time) || !Number.isFinite(point.followers)) continue;
    const day = Math.floor(time / DAY_MS);
    const held = byDay.get(day);
    if (!held || held.time < time) byDay.set(day, { time, followers: point.followers });
  }
  const days = [...byDay.values()].sort((a, b) => a.time - b.time);
  const newest = days.at(-1)?.time ?? 0;
  return days.map((point) => ({ day: (point.time - newest) / DAY_MS, followers: point.followers }));
}

/** Followers a day over `[from, to]` days (negative: before the newest point), by least squares. */
function paceBetween(points: ReadonlyArray<{ day: number; followers: number }>, from: number, to: number) {
  const inside = points.filter((point) => point.day >= from && point.day <= to);
  if (inside.length < 3 || (inside.at(-1)?.day ?? 0) - (inside[0]?.day ?? 0) < (to - from) / 2) return null;
  return linearRegression(inside.map((point) => [point.day, point.followers])).m;
}

/** The followers gained over `days` at `pace` a day, the pace changing by the factor `damping` each day. */
function gainedOver(pace: number, damping: number, days: number) {
  if (Math.abs(damping - 1) < 1e-9) return pace * days;
  return (pace * damping * (1 - damping ** days)) / (1 - damping);
}

/**
 * Where a fiction's followers are heading: for each horizon (days after the newest point), the middle
 * projection and an 80 % interval. The pace is the least-squares slope of the last two weeks; when the two
 * weeks before are known too, the pace's own change between them is carried on, damped and bounded (growth
 * after a Rising Stars run slows down; a fiction gaining readers keeps gaining). The interval adds the day
 * to day scatter of the gains to the pace's own drift, which grows with the horizon. Answers nothing with less
 * than two weeks of history. Followers are whole numbers, and so are the projections.
 */
export function projectFollowers(
  points: ReadonlyArray<FollowerPoint>,
  horizonsDays: readonly number[],
): ProjectedFollowers[] {
  const daily = dailyPoints(points);
  const first = daily[0];
  const newest = daily.at(-1);
  if (!first || !newest || -first.day < MIN_PROJECTION_DAYS) return [];
  const pace = paceBetween(daily, -FIT_DAYS, 0);
  if (pace === null) return [];
  const before = paceBetween(daily, -2 * FIT_DAYS, -FIT_DAYS);

  // The pace's change per day between the two fortnights, half of it believed, within bounds.
  let damping = 1;
  if (before !== null && before > 0 && pace > 0) {
    const measured = (pace / before) ** (1 / FIT_DAYS);
    damping = Math.min(
      1 + MAX_DAILY_PACE_GROWTH,
      Math.max(1 - MAX_DAILY_PACE_DECAY, 1 + (measured - 1) * PACE_CHANGE_WEIGHT),
    );
  } else if (pace <= 0) damping = 1;

  // Day-to-day scatter of the gains over the fitted days, per day.
  const gains: number[] = [];
  const fitted = daily.filter((point) => point.day >= -FIT_DAYS);
  for (let k = 1; k < fitted.length; k += 1) {
    const a = fitted[k - 1] as { day: number; followers: number };
    const b = fitted[k] as { day: number; followers: number };
    const span = b.day - a.day;
    if (span > 0) gains.push((b.followers - a.followers) / span);
  }
  const scatter = gains.length >= 2 ? sampleStandardDeviation(gains) : Math.abs(pace);
  const paceChange = before === null ? 0 : Math.abs(pace - before);
  const paceUncertainty = PACE_DRIFT * Math.abs(pace) + PACE_CHANGE_WEIGHT * paceChange;

  return horizonsDays.map((days) => {
    const gained = gainedOver(pace, damping, days);
    const mid = newest.followers + gained;
    const spread =
      Z80 *
      Math.sqrt(
        days * (SCATTER_WEIGHT * scatter) ** 2 + (paceUncertainty * gainedOver(1, damping, days)) ** 2,
      );
    const low = Math.max(0, Math.round(mid - spread));
    const high = Math.round(mid + spread);
    const middle = Math.min(high, Math.max(low, Math.round(mid)));
    return { days, low, mid: middle, high };
  });
}

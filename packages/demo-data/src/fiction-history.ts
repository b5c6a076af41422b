/**
 * A demo fiction's history: its statistics at each snapshot time, from its profile (fictions-model.ts).
 * Every series is monotone (followers, views, pages, chapters, favorites and ratings never go down) with
 * noisy daily increments, and ends exactly at the fiction's current statistics.
 */
import {
  DAY_MS,
  type EstablishedParams,
  FIT,
  type FictionProfile,
  type RiserParams,
  riserChapters,
  riserFollowers,
  roundScore,
  type Stats,
  withScores,
} from './fictions-model.ts';
import { clamp, createRandom, type Random } from './random.ts';

/** Adds noise to the increments of a monotone curve, keeping its first and last values. */
function jitterIncrements(curve: Float64Array, sigma: number, random: Random): Float64Array {
  const n = curve.length;
  if (n < 3) return curve;
  const first = curve[0] as number;
  const total = (curve[n - 1] as number) - first;
  if (total <= 0) return curve;
  const increments = new Float64Array(n);
  let sum = 0;
  for (let k = 1; k < n; k++) {
    const step = Math.max(0, (curve[k] as number) - (curve[k - 1] as number));
    const noisy = step * Math.exp(random.normal(0, sigma));
    increments[k] = noisy;
    sum += noisy;
  }
  const out = new Float64Array(n);
  out[0] = first;
  let running = first;
  for (let k = 1; k < n; k++) {
    running += sum > 0 ? ((increments[k] as number) / sum) * total : 0;
    out[k] = running;
  }
  out[n - 1] = first + total;
  return out;
}

const floorSeries = (values: Float64Array) => Array.from(values, (value) => Math.floor(value + 1e-9));

/**
 * One snapshot per time (ascending), ending with the fiction's current statistics.
 * `windowStart` is where an established fiction's yearly growth is measured from.
 */
export function snapshotSeries(
  profile: FictionProfile,
  times: readonly number[],
  seed: number,
  windowStart: number,
): Stats[] {
  const n = times.length;
  if (n === 0) return [];
  const random = createRandom(seed);
  const riser = profile.riser;
  if (riser) {
    const curve = new Float64Array(n);
    for (let k = 0; k < n; k++) curve[k] = riserFollowers(riser, times[k] as number);
    const followers = floorSeries(jitterIncrements(curve, 0.35, random));
    const drift = random.normal(0, 0.12);
    return times.map((t, k) => {
      const f = followers[k] as number;
      const chapters = riserChapters(riser, t);
      const views = Math.round(riser.viewsPerFollower * f + riser.viewsPerChapter * chapters * (1 + f / 50));
      const ratings = Math.floor(Math.exp(FIT.ratings.a) * f ** FIT.ratings.b * riser.ratingsFactor - 0.4);
      const u = n > 1 ? k / (n - 1) : 1;
      const scores = riser.scores;
      const shift = drift * (1 - u);
      return withScores(
        {
          followers: f,
          favorites: Math.min(
            f,
            Math.floor(Math.exp(FIT.favorites.a) * f ** FIT.favorites.b * riser.favoritesFactor),
          ),
          ratings: Math.max(0, ratings),
          pages: Math.max(1, Math.round(riser.pagesPerChapter * chapters)),
          total_views: views,
          average_views: Math.floor(views / chapters),
          chapter_count: chapters,
        },
        {
          overall: roundScore(scores.overall + shift),
          style: roundScore(scores.style + shift),
          story: roundScore(scores.story + shift),
          grammar: roundScore(scores.grammar + shift),
          character: roundScore(scores.character + shift),
        },
      );
    });
  }

  const est = profile.established as EstablishedParams;
  const end = est.end;
  const last = times[n - 1] as number;
  const yearsBack = (t: number) => (last - t) / (365 * DAY_MS);
  const span = Math.max(1, last - windowStart);
  const [exponent, bumpAt, bumpShare] = est.curve;
  const shape = (t: number) => {
    const u = clamp((t - windowStart) / span, 0, 1);
    const smooth = u ** exponent;
    if (bumpShare === 0) return smooth;
    const step = 1 / (1 + Math.exp(-(u - bumpAt) / 0.015));
    const step0 = 1 / (1 + Math.exp(bumpAt / 0.015));
    const step1 = 1 / (1 + Math.exp(-(1 - bumpAt) / 0.015));
    return (1 - bumpShare) * smooth + (bumpShare * (step - step0)) / (step1 - step0);
  };
  const grow = (final: number, yearly: number, t: number, mix: number) => {
    const start = final / (1 + yearly * yearsBack(times[0] as number));
    const along =
      mix * shape(t) +
      (1 - mix) * clamp((t - (times[0] as number)) / Math.max(1, last - (times[0] as number)), 0, 1);
    return start + (final - start) * along;
  };
  const followersCurve = new Float64Array(n);
  const viewsCurve = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const t = times[k] as number;
    followersCurve[k] = grow(end.followers, est.yearlyGrowth, t, 0.85);
    viewsCurve[k] = grow(end.total_views, est.viewsYearlyGrowth, t, 0.5);
  }
  const followers = floorSeries(jitterIncrements(followersCurve, 0.5, random));
  const views = floorSeries(jitterIncrements(viewsCurve, 0.3, random));
  followers[n - 1] = end.followers;
  views[n - 1] = end.total_views;

  // Chapters: releases on random days (before the last chapter), none after it.
  const releaseUntil = Math.min(est.lastChapterAt, last);
  const releaseDays = Math.max(0, (releaseUntil - (times[0] as number)) / DAY_MS);
  const releases = Math.min(end.chapter_count - 1, Math.round(releaseDays * est.chaptersPerDay));
  const releaseTimes: number[] = [];
  for (let r = 0; r < releases; r++)
    releaseTimes.push((times[0] as number) + random.next() * releaseDays * DAY_MS);
  releaseTimes.sort((a, b) => a - b);
  const pagesPerChapter = end.pages / end.chapter_count;
  const drift = random.normal(0, 0.1);
  const result: Stats[] = [];
  let released = 0;
  for (let k = 0; k < n; k++) {
    const t = times[k] as number;
    while (released < releaseTimes.length && (releaseTimes[released] as number) <= t) released++;
    const chapters = k === n - 1 ? end.chapter_count : end.chapter_count - releases + released;
    const f = followers[k] as number;
    const ratio = end.followers > 0 ? f / end.followers : 1;
    const ratings = k === n - 1 ? end.ratings : Math.floor(end.ratings * ratio ** FIT.ratings.b);
    const favorites = k === n - 1 ? end.favorites : Math.floor(end.favorites * ratio ** FIT.favorites.b);
    const v = Math.max(views[k] as number, chapters);
    const u = n > 1 ? k / (n - 1) : 1;
    const shift = drift * (1 - u);
    const score = (value: number | null) => (value === null ? 0 : roundScore(value + shift));
    result.push(
      withScores(
        {
          followers: f,
          favorites: Math.min(f, favorites),
          ratings,
          pages: k === n - 1 ? end.pages : Math.max(1, Math.round(pagesPerChapter * chapters)),
          total_views: v,
          average_views: Math.floor(v / chapters),
          chapter_count: chapters,
        },
        {
          overall: score(end.overall_score),
          style: score(end.style_score),
          story: score(end.story_score),
          grammar: score(end.grammar_score),
          character: score(end.character_score),
        },
      ),
    );
  }
  return result;
}

/** Statistics at the end date for a fiction without history. */
export function endStats(profile: FictionProfile, end: number): Stats {
  if (profile.established) return profile.established.end;
  const [stats] = snapshotSeries(profile, [end], 0, end);
  return stats as Stats;
}

/** When a fiction's last chapter came out, as of the end date. */
export function lastChapterAt(
  profile: FictionProfile,
  end: number,
  snapshots: Stats[],
  times: readonly number[],
): number {
  if (profile.established) return Math.min(profile.established.lastChapterAt, end - 60_000);
  const riser = profile.riser as RiserParams;
  // The last change of the chapter count, else the launch day plus the release pace.
  for (let k = snapshots.length - 1; k > 0; k--) {
    if ((snapshots[k] as Stats).chapter_count !== (snapshots[k - 1] as Stats).chapter_count)
      return (times[k] as number) - 3 * 3_600_000;
  }
  const until = riser.stopsAt === null ? end : Math.min(end, riser.stopsAt);
  const perChapter = DAY_MS / riser.chaptersPerDay;
  return Math.max(riser.bornAt, until - ((until - riser.bornAt) % perChapter));
}

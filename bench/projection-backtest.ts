// Backtest of the followers projection: from every week of every history with at least 21 days, project +7
// and +30 days with what was known then, and compare with what followed. Reports how often the 80 %
// interval held the truth (target 75–88 %), the mean absolute error against the naive baseline (the last 14
// days' gain carried on; target: lower) and the time to project one whole history (target under 5 ms).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { SAMPLE_FILES } from '@rrc/demo-data/sample';
import { type FollowerPoint, projectFollowers } from '@rrc/server/author/projection';
import { openDatabase } from '@rrc/server/db/database';

const DAY_MS = 24 * 60 * 60 * 1000;
const HORIZONS = [7, 30] as const;
const MIN_DAYS = 21;
/** The days of history a projection is given (it reads four weeks at the most). */
const GIVEN_DAYS = 29;
/** A projection from every this many days of a history. */
const ORIGIN_STEP_DAYS = 7;
/** The truth is the snapshot within this much of the projected day. */
const TRUTH_WINDOW_MS = DAY_MS / 2;
const COVERAGE = { min: 0.75, max: 0.88 };
const MAX_PROJECT_MS = 5;

type History = Array<{ time: number; followers: number }>;

export interface HorizonAccuracy {
  days: number;
  cases: number;
  coverage: number;
  meanAbsoluteError: number;
  naiveMeanAbsoluteError: number;
}

export interface BacktestResult {
  source: string;
  fictions: number;
  horizons: HorizonAccuracy[];
  projectMs: { mean: number; max: number };
  passed: boolean;
}

/** The real July 2026 sample's followers, by fiction. */
export function sampleHistories(): Map<number, History> {
  const histories = new Map<number, History>();
  const lines = gunzipSync(readFileSync(SAMPLE_FILES.fictions)).toString('utf8').split('\n');
  for (const line of lines) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { royalroad_id: number; observed_at: string; followers?: number | null };
    if (typeof row.followers !== 'number') continue;
    const history = histories.get(row.royalroad_id) ?? [];
    history.push({ time: Date.parse(row.observed_at), followers: row.followers });
    histories.set(row.royalroad_id, history);
  }
  for (const history of histories.values()) history.sort((a, b) => a.time - b.time);
  return histories;
}

/** Every fiction's followers in a database (the demo data), by fiction. */
export async function databaseHistories(url: string): Promise<Map<number, History>> {
  const database = openDatabase(url);
  try {
    const rows = await database.db
      .selectFrom('fiction_snapshots')
      .select(['fiction_id', 'captured_at', 'followers'])
      .where('followers', 'is not', null)
      .orderBy('fiction_id')
      .orderBy('captured_at')
      .execute();
    const histories = new Map<number, History>();
    for (const row of rows) {
      const history = histories.get(row.fiction_id) ?? [];
      history.push({ time: Date.parse(String(row.captured_at)), followers: Number(row.followers) });
      histories.set(row.fiction_id, history);
    }
    return histories;
  } finally {
    await database.close();
  }
}

const asPoints = (history: History): FollowerPoint[] =>
  history.map((point) => ({ at: new Date(point.time).toISOString(), followers: point.followers }));

/** The snapshot nearest to `time` within the truth window, or null. */
function followersAt(history: History, time: number): number | null {
  let best: { gap: number; followers: number } | null = null;
  for (const point of history) {
    const gap = Math.abs(point.time - time);
    if (gap <= TRUTH_WINDOW_MS && (!best || gap < best.gap)) best = { gap, followers: point.followers };
  }
  return best?.followers ?? null;
}

export function backtest(source: string, histories: Map<number, History>): BacktestResult {
  const totals = HORIZONS.map((days) => ({ days, cases: 0, inside: 0, error: 0, naiveError: 0 }));
  let fictions = 0;
  const timings: number[] = [];
  for (const history of histories.values()) {
    const first = history[0];
    const last = history.at(-1);
    if (!first || !last || last.time - first.time < MIN_DAYS * DAY_MS) continue;
    fictions += 1;
    const started = performance.now();
    projectFollowers(asPoints(history), [...HORIZONS]);
    timings.push(performance.now() - started);
    for (
      let origin = first.time + 14 * DAY_MS;
      origin <= last.time - HORIZONS[0] * DAY_MS;
      origin += ORIGIN_STEP_DAYS * DAY_MS
    ) {
      const known = history.filter(
        (point) => point.time <= origin && point.time > origin - GIVEN_DAYS * DAY_MS,
      );
      const newest = known.at(-1);
      const fortnightAgo = followersAt(history, (newest?.time ?? origin) - 14 * DAY_MS);
      if (!newest || fortnightAgo === null) continue;
      const projected = projectFollowers(asPoints(known), [...HORIZONS]);
      if (projected.length === 0) continue;
      for (const [index, horizon] of projected.entries()) {
        const truth = followersAt(history, newest.time + horizon.days * DAY_MS);
        const total = totals[index];
        if (truth === null || !total) continue;
        const naive = newest.followers + ((newest.followers - fortnightAgo) / 14) * horizon.days;
        total.cases += 1;
        if (truth >= horizon.low && truth <= horizon.high) total.inside += 1;
        total.error += Math.abs(horizon.mid - truth);
        total.naiveError += Math.abs(naive - truth);
      }
    }
  }
  const horizons = totals.map((total) => ({
    days: total.days,
    cases: total.cases,
    coverage: total.cases ? total.inside / total.cases : Number.NaN,
    meanAbsoluteError: total.cases ? total.error / total.cases : Number.NaN,
    naiveMeanAbsoluteError: total.cases ? total.naiveError / total.cases : Number.NaN,
  }));
  const projectMs = {
    mean: timings.length ? timings.reduce((a, b) => a + b, 0) / timings.length : 0,
    max: timings.length ? Math.max(...timings) : 0,
  };
  const measured = horizons.filter((horizon) => horizon.cases > 0);
  const passed =
    measured.every(
      (horizon) =>
        horizon.coverage >= COVERAGE.min &&
        horizon.coverage <= COVERAGE.max &&
        horizon.meanAbsoluteError < horizon.naiveMeanAbsoluteError,
    ) && projectMs.mean < MAX_PROJECT_MS;
  return { source, fictions, horizons, projectMs, passed };
}

export function printBacktest(result: BacktestResult) {
  console.log(
    `Followers projection backtest on ${result.source}: ${result.fictions} fictions with ≥ ${MIN_DAYS} days, ` +
      `projected from every ${ORIGIN_STEP_DAYS} days`,
  );
  if (result.fictions === 0) {
    console.log('  no history long enough: nothing to backtest here');
    return;
  }
  console.log('  horizon   cases   inside 80 % interval   MAE (ours)   MAE (last 14 days carried on)');
  for (const horizon of result.horizons) {
    console.log(
      `  +${String(horizon.days).padEnd(2)} days ${String(horizon.cases).padStart(7)}   ` +
        `${(horizon.coverage * 100).toFixed(1).padStart(18)} %   ${horizon.meanAbsoluteError.toFixed(1).padStart(10)}   ` +
        `${horizon.naiveMeanAbsoluteError.toFixed(1).padStart(12)}`,
    );
  }
  console.log(
    `  one whole history projected in ${result.projectMs.mean.toFixed(2)} ms on average (at most ` +
      `${result.projectMs.max.toFixed(2)}; target under ${MAX_PROJECT_MS} ms)`,
  );
  console.log(
    `  ${result.passed ? 'PASS' : 'MISS'} interval holds the truth ${COVERAGE.min * 100}–${COVERAGE.max * 100} % of the time, ` +
      'MAE below the baseline, time within target',
  );
}

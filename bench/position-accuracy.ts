// Position Calculator accuracy on real captures: hide the bottom half of each main list, estimate the
// main-list position of every hidden fiction (26–50) that is on a genre list, and compare with the truth.
// The same is then run in harder settings (fewer main-list places visible, genre lists cut short, as for
// fictions far below the main list), for information only: the sample has 5 genre lists, production ~70.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { SAMPLE_FILES } from '@rrc/demo-data/sample';
import {
  type CaptureLists,
  estimateMainPosition,
  type PositionEstimate,
  simpleEstimate,
  transitiveEstimate,
} from '@rrc/server/position/estimator';

export const SAMPLE = SAMPLE_FILES.risingStars;

/** Main-list places left visible to the estimators. */
export const VISIBLE = 25;
const MAIN_SIZE = 50;
const COVERAGE_TARGET = 0.95;

type Estimator = (
  lists: CaptureLists,
  fictionId: number,
  options?: { mainSize?: number; listSize?: number },
) => PositionEstimate | null;

export const METHODS: ReadonlyArray<{ name: string; estimate: Estimator }> = [
  { name: 'simple (shared lists + visible main)', estimate: simpleEstimate },
  { name: 'transitive closure', estimate: transitiveEstimate },
  { name: 'combined score (ours)', estimate: estimateMainPosition },
];

export interface MethodAccuracy {
  method: string;
  cases: number;
  meanAbsoluteError: number;
  meanError: number;
  withinThree: number;
  rangeCoverage: number;
  meanRangeWidth: number;
}

export interface Setting {
  /** Main-list places left visible to the estimators. */
  visible: number;
  /** Genre-list entries kept (50: whole lists). */
  listSize: number;
}

export interface PositionAccuracyResult {
  captures: number;
  setting: Setting;
  rows: MethodAccuracy[];
  targets: { maeNotWorse: boolean; coverage: boolean };
  passed: boolean;
}

/** Other settings, harder or easier, reported for information (no target). */
export const HARDER_SETTINGS: readonly Setting[] = [
  { visible: 35, listSize: 50 },
  { visible: 10, listSize: 50 },
  { visible: 15, listSize: 25 },
  { visible: 10, listSize: 20 },
];

interface Line {
  list: string;
  genre?: string;
  captured_at: string;
  entries: Array<{ position: number; royalroad_id: number }>;
}

/** The sample's Rising Stars captures: for each `captured_at`, every list's ids in rank order. */
export function loadCaptures(file = SAMPLE): Map<string, Record<string, number[]>> {
  const captures = new Map<string, Record<string, number[]>>();
  for (const text of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
    if (text.trim() === '') continue;
    const line = JSON.parse(text) as Line;
    if (line.list !== 'rising_stars' || !line.genre) continue;
    const capture = captures.get(line.captured_at) ?? {};
    capture[line.genre] = [...line.entries]
      .sort((a, b) => a.position - b.position)
      .map((e) => e.royalroad_id);
    captures.set(line.captured_at, capture);
  }
  return captures;
}

export function measurePositionAccuracy(
  captures = loadCaptures(),
  setting: Setting = { visible: VISIBLE, listSize: MAIN_SIZE },
  methods = METHODS,
): PositionAccuracyResult {
  const { visible, listSize } = setting;
  const sums = methods.map(() => ({
    cases: 0,
    absolute: 0,
    signed: 0,
    withinThree: 0,
    covered: 0,
    width: 0,
  }));
  for (const capture of captures.values()) {
    const main = capture.main;
    if (!main) continue;
    const lists: CaptureLists = Object.fromEntries(
      Object.entries(capture).map(([genre, ids]) => [
        genre,
        ids.slice(0, genre === 'main' ? visible : listSize),
      ]),
    );
    const onGenreList = new Set(
      Object.entries(lists)
        .filter(([genre]) => genre !== 'main')
        .flatMap(([, ids]) => ids),
    );
    for (let truth = visible + 1; truth <= Math.min(MAIN_SIZE, main.length); truth++) {
      const id = main[truth - 1] as number;
      if (!onGenreList.has(id)) continue;
      methods.forEach((method, i) => {
        const estimate = method.estimate(lists, id, { mainSize: MAIN_SIZE, listSize });
        const sum = sums[i];
        if (!estimate || !sum) throw new Error(`${method.name}: no estimate for ${id}`);
        const error = estimate.position - truth;
        sum.cases++;
        sum.absolute += Math.abs(error);
        sum.signed += error;
        if (Math.abs(error) <= 3) sum.withinThree++;
        if (estimate.low <= truth && truth <= estimate.high) sum.covered++;
        sum.width += estimate.high - estimate.low;
      });
    }
  }
  const rows = methods.map((method, i) => {
    const sum = sums[i] ?? { cases: 0, absolute: 0, signed: 0, withinThree: 0, covered: 0, width: 0 };
    const per = (value: number) => (sum.cases === 0 ? Number.NaN : value / sum.cases);
    return {
      method: method.name,
      cases: sum.cases,
      meanAbsoluteError: per(sum.absolute),
      meanError: per(sum.signed),
      withinThree: per(sum.withinThree),
      rangeCoverage: per(sum.covered),
      meanRangeWidth: per(sum.width),
    };
  });
  const ours = rows[rows.length - 1];
  const transitive = rows.find((row) => row.method.startsWith('transitive'));
  const targets = {
    maeNotWorse: !!ours && !!transitive && ours.meanAbsoluteError <= transitive.meanAbsoluteError,
    coverage: !!ours && ours.rangeCoverage >= COVERAGE_TARGET,
  };
  return {
    captures: captures.size,
    setting,
    rows,
    targets,
    passed: targets.maeNotWorse && targets.coverage,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const signed = (value = Number.NaN) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
const WIDTHS = [38, 6, 6, 6, 8, 12, 12];
const tableRow = (cells: string[]) =>
  `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(WIDTHS[i] ?? 0) : cell.padStart(WIDTHS[i] ?? 0))).join(' ')}`;

export function formatPositionAccuracy(result: PositionAccuracyResult): string {
  const { visible } = result.setting;
  const lines = [
    `Position Calculator accuracy: ${result.captures} real captures, main list cut to the top ${visible}, true places ${visible + 1}–${MAIN_SIZE} on a genre list`,
    tableRow(['method', 'cases', 'MAE', 'bias', '±3', 'range holds', 'range width']),
    ...result.rows.map((r) =>
      tableRow([
        r.method,
        String(r.cases),
        r.meanAbsoluteError.toFixed(2),
        signed(r.meanError),
        percent(r.withinThree),
        percent(r.rangeCoverage),
        r.meanRangeWidth.toFixed(1),
      ]),
    ),
    `  ${result.targets.maeNotWorse ? 'PASS' : 'MISS'} mean absolute error of ours ≤ transitive closure's`,
    `  ${result.targets.coverage ? 'PASS' : 'MISS'} our range holds the true place in ≥ ${COVERAGE_TARGET * 100} % of cases`,
  ];
  return lines.join('\n');
}

/** One line per harder setting: MAE of each method, and how often our range holds the truth. */
export function formatHarderSettings(results: readonly PositionAccuracyResult[]): string {
  const lines = [
    '  Other settings (information, no target): MAE simple / transitive / ours, bias transitive / ours, our range holds',
  ];
  for (const result of results) {
    const [simple, transitive, ours] = result.rows;
    const { visible, listSize } = result.setting;
    lines.push(
      `  top ${String(visible).padStart(2)} visible, genre lists cut to ${String(listSize).padStart(2)}: ` +
        `${simple?.meanAbsoluteError.toFixed(2)} / ${transitive?.meanAbsoluteError.toFixed(2)} / ` +
        `${ours?.meanAbsoluteError.toFixed(2)}, ${signed(transitive?.meanError)} / ${signed(ours?.meanError)}, ` +
        `${percent(ours?.rangeCoverage ?? Number.NaN)} (${ours?.cases} cases)`,
    );
  }
  return lines.join('\n');
}

/** Runs the benchmark (and the harder settings), prints the tables and returns the benchmark's result. */
export function runPositionAccuracy(): PositionAccuracyResult {
  const captures = loadCaptures();
  const result = measurePositionAccuracy(captures);
  console.log(formatPositionAccuracy(result));
  console.log(
    formatHarderSettings(HARDER_SETTINGS.map((setting) => measurePositionAccuracy(captures, setting))),
  );
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = runPositionAccuracy().passed ? 0 : 1;
}

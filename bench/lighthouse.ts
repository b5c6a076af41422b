// Lighthouse (mobile settings: an emulated phone on a throttled connection) on three pages of the running
// server, driving Debian's Chromium. Targets: performance ≥ 90, accessibility ≥ 95, best practices ≥ 95,
// SEO ≥ 90. Each page is measured BENCH_LIGHTHOUSE_RUNS times (default 5) and judged by the median run of
// each category, as Lighthouse's own guidance advises (one run swings by ten points on a busy machine); every
// run's performance score and layout shift (CLS) is printed beside the median.
import { accessSync, constants } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_TARGETS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 90,
} as const;

type Category = keyof typeof LIGHTHOUSE_TARGETS;
const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS) as Category[];

/** One Lighthouse run of one page. */
export interface LighthouseRun {
  scores: Record<Category, number>;
  /** Cumulative layout shift, as Lighthouse measured it. */
  cls: number;
  /**
   * Lighthouse's measure of this machine's speed (its BenchmarkIndex): its mobile settings slow the page
   * down four times, calibrated for a fast desktop; on a slower machine the emulated phone is slower still.
   */
  benchmarkIndex: number;
  /** Lighthouse's own warnings about the run (a host CPU it finds too slow, say). */
  warnings: string[];
  passed: boolean;
}

export interface LighthousePage {
  path: string;
  /** Each category's median score over the runs. */
  scores: Record<Category, number>;
  /** Every category's median met its target (false when Lighthouse could not run at all). */
  passed: boolean;
  /** The audits that cost the most, when a score misses. */
  notes: string[];
  runs: LighthouseRun[];
  /** Why Lighthouse did not run (Chromium missing, say): the page counts as a miss. */
  skipped?: string;
}

/** How many times to measure each page: BENCH_LIGHTHOUSE_RUNS, default 5. */
export function lighthouseRuns(): number {
  const raw = process.env.BENCH_LIGHTHOUSE_RUNS;
  if (raw === undefined || raw === '') return 5;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number of at least 1, not "${raw}"`);
  }
  return runs;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const zeroScores = () =>
  Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<Category, number>;

function skippedPages(paths: string[], reason: string): LighthousePage[] {
  return paths.map((path) => ({
    path,
    scores: zeroScores(),
    passed: false,
    notes: [],
    runs: [],
    skipped: reason,
  }));
}

export async function runLighthouse(
  base: string,
  paths: string[],
  runs = lighthouseRuns(),
): Promise<LighthousePage[]> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // chrome-launcher spawns the path unchecked, and a missing one ends the process with an unhandled
  // "spawn ENOENT" error event: look first, and report the skipped pages as misses instead.
  try {
    accessSync(chromePath, constants.X_OK);
  } catch {
    return skippedPages(paths, `Chromium is missing at ${chromePath} (set CHROMIUM_PATH)`);
  }
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (error) {
    return skippedPages(paths, `Chromium at ${chromePath} did not start: ${(error as Error).message}`);
  }
  try {
    const pages: LighthousePage[] = [];
    for (const path of paths) {
      const pageRuns: LighthouseRun[] = [];
      const notes = new Set<string>();
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        const scores = Object.fromEntries(
          CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
        ) as Record<Category, number>;
        const passed = CATEGORIES.every((category) => scores[category] >= LIGHTHOUSE_TARGETS[category]);
        const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
        pageRuns.push({
          scores,
          cls,
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
          warnings: (lhr.runWarnings ?? []).map(String),
          passed,
        });
        if (!passed) {
          for (const audit of Object.values(lhr.audits)) {
            if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
              notes.add(`${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
            }
          }
        }
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, median(pageRuns.map((run) => run.scores[category]))]),
      ) as Record<Category, number>;
      pages.push({
        path,
        scores,
        passed: CATEGORIES.every((category) => scores[category] >= LIGHTHOUSE_TARGETS[category]),
        notes: [...notes].slice(0, 6),
        runs: pageRuns,
      });
    }
    return pages;
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(pages: LighthousePage[]) {
  const skipped = pages.find((page) => page.skipped)?.skipped;
  if (skipped) console.log(`Lighthouse skipped: ${skipped}. Each page counts as a miss.`);
  const runs = Math.max(1, ...pages.map((page) => page.runs.length));
  console.log(
    `Lighthouse, mobile settings (performance / accessibility / best practices / SEO${runs > 1 ? `, the median of ${runs} runs` : ''})`,
  );
  for (const page of pages) {
    if (page.skipped) {
      console.log(`  ${page.path.padEnd(44)}    -    -    -    -  MISS (skipped)`);
      continue;
    }
    const s = page.scores;
    console.log(
      `  ${page.path.padEnd(44)} ${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(4)} ${String(s['best-practices']).padStart(4)} ${String(s.seo).padStart(4)}  ${page.passed ? 'PASS' : `MISS ${page.notes.join(', ')}`}`,
    );
    page.runs.forEach((run, index) => {
      console.log(
        `    run ${String(index + 1).padStart(2)}: performance ${String(run.scores.performance).padStart(3)}, CLS ${run.cls.toFixed(3)}, host benchmark ${Math.round(run.benchmarkIndex)}${run.passed ? '' : '  (misses a target)'}`,
      );
    });
    for (const warning of new Set(page.runs.flatMap((run) => run.warnings))) {
      console.log(`    Lighthouse warned: ${warning.replace(/\s+/g, ' ').slice(0, 240)}`);
    }
    const fast = page.runs.filter((run) => run.scores.performance >= LIGHTHOUSE_TARGETS.performance).length;
    console.log(
      `    ${fast} of ${page.runs.length} run${page.runs.length === 1 ? '' : 's'} scored performance ≥ ${LIGHTHOUSE_TARGETS.performance}`,
    );
  }
  console.log(
    `  targets: performance ≥ ${LIGHTHOUSE_TARGETS.performance}, accessibility ≥ ${LIGHTHOUSE_TARGETS.accessibility}, best practices ≥ ${LIGHTHOUSE_TARGETS['best-practices']}, SEO ≥ ${LIGHTHOUSE_TARGETS.seo}`,
  );
}

// `npm run bench`: builds the web app, then prints each measurement next to its target:
//   web budget, fiction pages parsed per second, the Position Calculator's accuracy on real captures, a
//   backtest of the followers projection on the sample's and the seeded demo data's histories,
//   HTTP rates and latencies at 50 connections on seeded SQLite and PostgreSQL databases (next to the
//   framework ceiling) with the server's memory, a soak of mixed reads and writes at 100 connections on
//   each database (no 5xx, no lost write), the cost of counting limits in PostgreSQL on a failed sign-in,
//   and Lighthouse on three pages.
// BENCH_SCALE=small (default large) seeds the small demo data for a quick run; BENCH_SCALE=years runs the
// large benchmarks, then seeds three years of history and prints the growth (growth.ts: the HTTP table on
// both, database sizes and their projection, the Rising Stars query plans). BENCH_SOAK_SECONDS sets the
// soaks' length (default 60); BENCH_SKIP_LIGHTHOUSE=1 and BENCH_SKIP_POSTGRES=1 leave those parts out.
// Exits non-zero when a target is missed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  compareGrowth,
  type DatabaseSize,
  explainRisingStars,
  measureSize,
  printGrowth,
  printPlans,
  printSizes,
} from './growth.ts';
import { printHttpBench, runHttpBench, runHttpBenchesSideBySide, startAppServer } from './http-bench.ts';
import { printLighthouse, runLighthouse } from './lighthouse.ts';
import { measureLimiterCost, printLimiterCost } from './limiter-cost.ts';
import { measureParserThroughput, PARSE_TARGET_PER_SECOND } from './parser-throughput.ts';
import { runPositionAccuracy } from './position-accuracy.ts';
import { backtest, databaseHistories, printBacktest, sampleHistories } from './projection-backtest.ts';
import { printSoak, runSoak } from './soak.ts';
import { measureWebBudget } from './web-budget.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCALES = ['small', 'large', 'years'] as const;
type Scale = (typeof SCALES)[number];
const SCALE: Scale = SCALES.find((scale) => scale === process.env.BENCH_SCALE) ?? 'large';
/** The scale the ordinary benchmarks run on: years grows from the large data. */
const BASE_SCALE: Scale = SCALE === 'years' ? 'large' : SCALE;
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS) || 60;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const results: boolean[] = [];

execFileSync('npm', ['run', 'build', '--silent'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production' },
});

const web = measureWebBudget(path.join(ROOT, 'apps/web/dist'));
console.log('Web budget: JavaScript and CSS needed by / (gzip)');
for (const file of web.files)
  console.log(`  ${file.file.padEnd(40)} ${kb(file.bytes).padStart(10)} ${kb(file.gzip).padStart(10)}`);
const within = web.totalGzip <= web.budget;
results.push(within);
console.log(
  `  total ${kb(web.totalGzip)} of ${kb(web.budget)} budget: ${within ? 'within budget' : 'OVER BUDGET'}`,
);

console.log('');
const parsing = measureParserThroughput(ROOT);
results.push(parsing.passed);
console.log(
  `Fiction pages parsed per second on one core: ${parsing.perSecond.toFixed(0)}, the median of rounds ${parsing.rounds.map((rate) => rate.toFixed(0)).join(', ')} (target ≥ ${PARSE_TARGET_PER_SECOND}) ${parsing.passed ? 'PASS' : 'MISS'}`,
);

console.log('');
results.push(runPositionAccuracy().passed);

console.log('');
// The sample's histories are under three weeks long: printed, and counted only if any is long enough.
const sampleBacktest = backtest('the July 2026 sample', sampleHistories());
printBacktest(sampleBacktest);
if (sampleBacktest.fictions > 0) results.push(sampleBacktest.passed);

/** Loads the demo data into `databaseUrl` with the command line, printing how long it took. */
function seed(databaseUrl: string, label: string, scale: Scale = BASE_SCALE) {
  const started = Date.now();
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/src/cli.ts'), 'seed-demo', '--scale', scale], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
  });
  const seconds = (Date.now() - started) / 1000;
  const target = scale === 'large' ? ' (target < 300 s)' : '';
  console.log(`Seeded the ${scale} demo data on ${label} in ${seconds.toFixed(0)} s${target}`);
  if (scale === 'large') results.push(seconds < 300);
}

/**
 * BENCH_SCALE=years: three years of history in `yearsUrl` next to the large data measured already; the
 * same HTTP table on both, served side by side and measured alternately (so that the machine's drift does
 * not pass for growth), the growth of each endpoint, the sizes and the Rising Stars query plans.
 */
async function growth(label: string, largeUrl: string, yearsUrl: string, largeSize: DatabaseSize) {
  console.log('');
  seed(yearsUrl, label, 'years');
  const size = await measureSize(yearsUrl);
  const [large, years] = await runHttpBenchesSideBySide({
    root: ROOT,
    databases: [
      { url: largeUrl, label: `${label}, 90 days (large), measured alternately with three years` },
      { url: yearsUrl, label: `${label}, three years` },
    ],
    rounds: 2,
  });
  if (!large || !years) throw new Error('the growth table measured nothing');
  printHttpBench(years);
  console.log('');
  const rows = compareGrowth(large, years);
  printGrowth(label, rows);
  results.push(...rows.map((row) => row.passed));
  console.log('');
  printSizes(label, largeSize, size);
  console.log('');
  const plans = await explainRisingStars(yearsUrl);
  printPlans(label, plans);
  results.push(...plans.map((plan) => plan.scans.length === 0));
}

/** The soak against a fresh server on `databaseUrl`. */
async function soak(databaseUrl: string, label: string) {
  console.log('');
  const app = await startAppServer(ROOT, databaseUrl);
  try {
    const result = await runSoak({ base: app.base, seconds: SOAK_SECONDS });
    printSoak(result, label);
    results.push(result.passed);
  } finally {
    await app.stop();
  }
}

async function postgresDatabase(suffix = ''): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (process.env.BENCH_SKIP_POSTGRES) return null;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL did not answer at ${POSTGRES_ADMIN_URL}: its benchmarks are left out.`);
    return null;
  }
  const name = `rrc_bench_${process.pid}${suffix}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const folder = mkdtempSync(path.join(tmpdir(), 'rrc-bench-'));
try {
  const sqliteUrl = `sqlite:${path.join(folder, 'bench.db')}`;
  console.log('');
  seed(sqliteUrl, 'SQLite');
  const demoBacktest = backtest(`the ${BASE_SCALE} demo data`, await databaseHistories(sqliteUrl));
  printBacktest(demoBacktest);
  results.push(demoBacktest.passed);
  // Measured before the soak adds its readers' writes.
  const sqliteSize = SCALE === 'years' ? await measureSize(sqliteUrl) : undefined;
  const sqlite = await runHttpBench({ root: ROOT, databaseUrl: sqliteUrl, label: 'SQLite' });
  printHttpBench(sqlite);
  results.push(sqlite.memoryPassed, ...sqlite.endpoints.map((entry) => entry.passed));
  await soak(sqliteUrl, 'SQLite');
  if (sqliteSize) {
    const yearsUrl = `sqlite:${path.join(folder, 'years.db')}`;
    await growth('SQLite', sqliteUrl, yearsUrl, sqliteSize);
    rmSync(yearsUrl.slice('sqlite:'.length), { force: true });
  }

  const postgres = await postgresDatabase();
  if (postgres) {
    try {
      console.log('');
      seed(postgres.url, 'PostgreSQL');
      const size = SCALE === 'years' ? await measureSize(postgres.url) : undefined;
      const measured = await runHttpBench({ root: ROOT, databaseUrl: postgres.url, label: 'PostgreSQL' });
      printHttpBench(measured);
      results.push(measured.memoryPassed, ...measured.endpoints.map((entry) => entry.passed));
      console.log('');
      const limiterCost = await measureLimiterCost({ databaseUrl: postgres.url });
      printLimiterCost(limiterCost);
      results.push(limiterCost.passed);
      await soak(postgres.url, 'PostgreSQL');
      if (size) {
        const years = await postgresDatabase('_years');
        if (years) {
          try {
            await growth('PostgreSQL', postgres.url, years.url, size);
          } finally {
            await years.drop();
          }
        }
      }
    } finally {
      await postgres.drop();
    }
  }

  if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
    console.log('');
    const app = await startAppServer(ROOT, sqliteUrl);
    try {
      const pages = await runLighthouse(app.base, ['/', '/fiction/1000000', '/rising-stars-main']);
      printLighthouse(pages);
      results.push(...pages.map((page) => page.passed));
    } finally {
      await app.stop();
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const missed = results.filter((passed) => !passed).length;
console.log('');
console.log(missed === 0 ? 'Every target holds.' : `${missed} target(s) missed.`);
process.exitCode = missed === 0 ? 0 : 1;

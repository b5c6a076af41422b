// `npm test`: every suite in order — typecheck, lint, unit, API on SQLite and on
// PostgreSQL, load (alone), cluster (PostgreSQL and HAProxy), component, end-to-end in Chromium. A suite whose
// service is missing (PostgreSQL, HAProxy, Chromium) is skipped with a loud line, unless REQUIRE_ALL_SUITES=1,
// in which case it fails.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { postgresAdminUrl, postgresReachable } from '@rrc/server/test/postgres';

type Outcome = 'passed' | 'failed' | 'skipped';
interface Suite {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** A reason to skip, or null when the suite can run. */
  unavailable?: () => Promise<string | null>;
}

const requireAll = process.env.REQUIRE_ALL_SUITES === '1';
console.log(`npm test on Node ${process.version} (${process.execPath})`);
const only = process.argv.slice(2);
const bin = (name: string) => `node_modules/.bin/${name}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haproxyPath = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/**
 * Test files run two at a time on two cores (Vitest's default there is one), and API files three at a time:
 * much of their time is spent waiting (on PostgreSQL, on timers, on child processes), and each file has its
 * own database.
 */
const WORKERS = ['--maxWorkers', '2'];
const API_WORKERS = ['--maxWorkers', '3'];

const suites: Suite[] = [
  {
    name: 'typecheck',
    command: [
      'sh',
      '-c',
      // Two projects at a time (tsc uses one core); xargs fails when any of them does.
      `printf '%s\\n' packages/contract packages/demo-data packages/fakes apps/server apps/web e2e bench | xargs -P 2 -I{} ${bin('tsc')} -p {}`,
    ],
  },
  {
    name: 'lint',
    command: [
      'sh',
      '-c',
      // Both run, so one report shows every problem; the suite fails if either finds one.
      `${bin('biome')} check --error-on-warnings .; b=$?; ${bin('depcruise')} apps packages e2e bench scripts --config .dependency-cruiser.cjs --output-type err; d=$?; [ $b -eq 0 ] && [ $d -eq 0 ]`,
    ],
  },
  { name: 'unit', command: [bin('vitest'), 'run', '--project', 'unit', ...WORKERS] },
  {
    name: 'api:sqlite',
    command: [bin('vitest'), 'run', '--project', 'api', ...API_WORKERS],
    env: { TEST_DATABASE: 'sqlite' },
  },
  {
    name: 'api:postgres',
    command: [bin('vitest'), 'run', '--project', 'api', ...API_WORKERS],
    env: { TEST_DATABASE: 'postgres' },
    unavailable: async () =>
      (await postgresReachable())
        ? null
        : `PostgreSQL does not answer at ${postgresAdminUrl().replace(/\/\/[^@]*@/, '//')}`,
  },
  {
    name: 'load',
    command: [bin('vitest'), 'run', '--project', 'load', '--maxWorkers', '1'],
    env: { TEST_DATABASE: 'sqlite' },
  },
  {
    // Three web instances and two workers on one PostgreSQL database behind HAProxy.
    name: 'cluster',
    command: [bin('vitest'), 'run', '--project', 'cluster', '--maxWorkers', '1'],
    unavailable: async () => {
      if (!(await postgresReachable()))
        return `PostgreSQL does not answer at ${postgresAdminUrl().replace(/\/\/[^@]*@/, '//')}`;
      return existsSync(haproxyPath) ? null : `HAProxy is not installed at ${haproxyPath}`;
    },
  },
  { name: 'component', command: [bin('vitest'), 'run', '--project', 'component', ...WORKERS] },
  {
    name: 'e2e',
    command: [bin('playwright'), 'test', '--config', 'e2e/playwright.config.ts'],
    unavailable: async () =>
      existsSync(chromiumPath) ? null : `Chromium is not installed at ${chromiumPath}`,
  },
];

const results: Array<{ name: string; outcome: Outcome; seconds: number; note?: string }> = [];
/** The lines of a failed suite's output that say what failed, repeated after the summary. */
const failures = new Map<string, string[]>();
const FAILURE_LINE =
  /(^|\s)(FAIL|×|✘|\d+\) \[)|Error:|AssertionError|Expected|Received|Timeout|\.test\.tsx?:\d+|\.spec\.ts:\d+/;
/** Progress lines of tests that passed, which name their spec file too. */
const PASSED_LINE = /^\s*(✓|ok\b)/;
const MAX_FAILURE_LINES = 60;

/** Runs a suite with its output passed through as it comes, and kept to pick out the failures. */
function run(command: string, args: string[], env: Record<string, string> | undefined) {
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      output += chunk.toString();
    });
    child.on('error', (error) => resolve({ status: null, output: String(error) }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

for (const suite of suites) {
  if (only.length > 0 && !only.some((name) => suite.name.startsWith(name))) continue;
  const reason = (await suite.unavailable?.()) ?? null;
  if (reason) {
    const line = `!!!!! ${suite.name}: ${reason}`;
    if (requireAll) {
      console.error(`${line} — REQUIRE_ALL_SUITES=1, so this counts as a failure.`);
      results.push({ name: suite.name, outcome: 'failed', seconds: 0, note: reason });
    } else {
      console.error(`${line} — SKIPPED. Set it up to run this suite.`);
      results.push({ name: suite.name, outcome: 'skipped', seconds: 0, note: reason });
    }
    continue;
  }
  console.log(`\n━━━ ${suite.name} ━━━ ${suite.command.join(' ')}`);
  const started = Date.now();
  const [command, ...args] = suite.command as [string, ...string[]];
  const { status, output } = await run(command, args, suite.env);
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  results.push({ name: suite.name, outcome: status === 0 ? 'passed' : 'failed', seconds });
  if (status !== 0) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are taken out of the output
    const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    failures.set(
      suite.name,
      lines
        .filter((line) => FAILURE_LINE.test(line) && !PASSED_LINE.test(line))
        .map((line) => line.trimEnd()),
    );
  }
}

for (const [name, lines] of failures) {
  console.log(`\n━━━ what failed in ${name} ━━━`);
  const unique = [...new Set(lines)];
  for (const line of unique.slice(0, MAX_FAILURE_LINES)) console.log(line);
  if (unique.length > MAX_FAILURE_LINES)
    console.log(`… ${unique.length - MAX_FAILURE_LINES} more lines above`);
}
console.log('\n━━━ summary ━━━');
for (const result of results) {
  const mark = result.outcome === 'passed' ? '✓' : result.outcome === 'skipped' ? '!' : '✗';
  console.log(
    `${mark} ${result.name.padEnd(14)} ${result.outcome.padEnd(8)} ${result.seconds}s${result.note ? `  (${result.note})` : ''}`,
  );
}
const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
console.log(`suites: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`);
process.exit(count('failed') > 0 ? 1 : 0);

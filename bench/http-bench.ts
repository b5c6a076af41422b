// Requests per second, p50 and p99 at 50 connections for the endpoints people wait on, against the real
// server on a seeded database, next to the framework ceiling measured in the same run; plus the server's
// memory under that load, and under a burst of link preview cards never drawn, all asked for at once.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load as loadFor } from './load.ts';

export const HEAVY_READER = { email: 'heavy@demo.rrcompanion.test', password: 'Readers4ever' };
/** The first demo fiction: it has a year of daily snapshots (and, like the next 5, 500 chapters). */
export const HISTORY_FICTION = 1_000_000;
/** The demo fictions with a year of history and 500 chapters each. */
const CHAPTER_FICTIONS = [0, 1, 2, 3, 4, 5].map((i) => HISTORY_FICTION + i);
/** Link preview cards asked for at once, each of a different fiction and never drawn before. */
export const CARD_BURST = 150;
/** The server's cards drawn at once plus those waiting their turn: at least these many of a burst are drawn. */
const CARD_BURST_DRAWN = 2 + 8;

export type Target =
  | { kind: 'ceiling-share'; min: number }
  | { kind: 'p99'; maxMs: number }
  /** One request alone (nothing cached for it yet), timed. */
  | { kind: 'first'; maxMs: number }
  /**
   * The entry's `burstPaths` all asked for at once, once: every answer is the card or a 503 with Retry-After, at
   * least `minDrawn` are cards, /api/health (asked over and over meanwhile) answers within `maxHealthMs`, and
   * the server's memory stays under MEMORY_LIMIT_MB.
   */
  | { kind: 'burst'; minDrawn: number; maxHealthMs: number }
  | { kind: 'none' };

export interface EndpointResult {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** One answer's size before compression, and as sent to a browser. */
  bytes: number;
  sentBytes: number;
  /** The largest answer before compression the target allows, if it has one. */
  maxBytes?: number;
  /** The framework ceiling this endpoint is compared with: measured just before it. */
  ceilingRps: number;
  /** The server's largest resident memory while this endpoint was measured. */
  peakRssMb: number;
  /** What a burst gave: answers drawn and refused, the slowest /api/health meanwhile. */
  burst?: BurstOutcome;
  target: Target;
  passed: boolean;
}

export interface BurstOutcome {
  requests: number;
  drawn: number;
  /** 503 with Retry-After: the server's queue was full. */
  refused: number;
  slowestHealthMs: number;
}

/** What a browser says it accepts: every request of the table sends it, as the web app's requests do. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

export interface HttpBenchResult {
  database: string;
  ceilingRps: number;
  endpoints: EndpointResult[];
  peakRssMb: number;
  memoryPassed: boolean;
}

export const MEMORY_LIMIT_MB = 250;

function startProcess(command: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, command, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return child;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy in time');
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const newline = buffer.indexOf('\n');
      if (newline >= 0) resolve(buffer.slice(0, newline).trim());
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
  });
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** One request, timed (its latency is p50 and p99 alike). */
async function once(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  return { rps: 1000 / ms, p50: ms, p99: ms, errors: response.ok ? 0 : 1 };
}

/**
 * `paths` all asked for at once, each on a connection of its own, while /api/health is asked over and over:
 * the latencies of the answers (its p50 and p99), how many were drawn and refused, the slowest health answer.
 * Anything but a 200 or a 503 with Retry-After is an error.
 */
async function burst(base: string, paths: string[], headers: Record<string, string>) {
  let probing = true;
  let slowestHealthMs = 0;
  let healthErrors = 0;
  const prober = (async () => {
    while (probing) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`).catch(() => null);
      await response?.arrayBuffer();
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      if (!response?.ok) healthErrors += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    paths.map(async (requestPath) => {
      const sent = performance.now();
      try {
        const response = await fetch(`${base}${requestPath}`, { headers });
        await response.arrayBuffer();
        return {
          ms: performance.now() - sent,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
        };
      } catch {
        return { ms: performance.now() - sent, status: 0, retryAfter: null };
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  probing = false;
  await prober;
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  const drawn = answers.filter((answer) => answer.status === 200).length;
  const refused = answers.filter((answer) => answer.status === 503 && Number(answer.retryAfter) > 0).length;
  return {
    rps: answers.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors: answers.length - drawn - refused + healthErrors,
    outcome: { requests: answers.length, drawn, refused, slowestHealthMs } satisfies BurstOutcome,
  };
}

/** The size of one answer's body as it travels (no decompression), with `headers`. */
function bodySize(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      response.on('end', () => resolve(size));
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const { rps, p50, p99, errors } = await loadFor(url, { connections: 50, seconds, headers });
  return { rps, p50, p99, errors };
}

async function findFreePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The Node.js flags `npm start` gives the server (its memory limits), so the bench runs it the same way. */
function startFlags(root: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = /\bnode((?: --[\w-]+=\S+)*) apps\/server\/src\/main\.ts/.exec(scripts.start ?? '')?.[1];
  if (flags === undefined)
    throw new Error('the start script no longer runs apps/server/src/main.ts with node');
  return flags.trim().split(' ').filter(Boolean);
}

/** The real server (production build of the web app, web role, no scheduler) on `databaseUrl`. */
export async function startAppServer(root: string, databaseUrl: string) {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startProcess([...startFlags(root), path.join(root, 'apps/server/src/main.ts')], {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    ROLE: 'web',
    SCHEDULER: 'off',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-signing',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rrc-bench-data-')),
    AUTH_RATE_LIMIT: '100000',
    REGISTRATION_RATE_LIMIT: '100000',
  });
  // Its log (warnings only) is read and dropped, so a full pipe never holds the server up.
  child.stdout?.resume();
  await waitForHealth(base, child);
  return {
    base,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface PlanEntry {
  name: string;
  path: string;
  headers?: Record<string, string>;
  target: Target;
  maxBytes?: number;
  /** A burst's paths, asked for at once (`path` is the first of them). */
  burstPaths?: string[];
}

/** The endpoints measured on one server, with what its database holds (the demo reader, its lists, dates). */
async function planFor(base: string): Promise<PlanEntry[]> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(HEAVY_READER),
  });
  if (!login.ok) throw new Error(`the demo reader could not sign in (${login.status}): run seed-demo first`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const auth = { authorization: `Bearer ${token}` };
  const favorites = await fetch(`${base}/api/userFictions/favorites?limit=1000`, { headers: auth });
  const favoriteBody = (await favorites.json()) as {
    data: { userFictions: Array<{ fiction_id: number }> };
  };
  const favoriteIds = favoriteBody.data.userFictions.map((entry) => entry.fiction_id);
  const main = (
    (await (await fetch(`${base}/api/rising-stars-main`)).json()) as {
      data: { captured_at?: string | null; entries?: Array<{ royalroad_id: number }> };
    }
  ).data;
  const onMain = main.entries?.[main.entries.length - 1]?.royalroad_id ?? HISTORY_FICTION;
  const feedToken = await fetch(`${base}/api/notification-settings/feed-token`, {
    method: 'POST',
    headers: auth,
  });
  const feedUrl = new URL(((await feedToken.json()) as { data: { feed_url: string } }).data.feed_url)
    .pathname;
  const end = new Date(main.captured_at ?? Date.now());
  const start = new Date(end.getTime() - 10 * 24 * 60 * 60 * 1000);

  // The card renderer loads its fonts once per process: done here with another fiction's card, so that
  // 'card.png first render' times a card drawn for the first time, not the process starting up.
  await (await fetch(`${base}/api/fictions/${CHAPTER_FICTIONS[1]}/card.png`)).arrayBuffer();
  // Fictions whose cards nothing else asks for (every scale seeds at least 500 demo fictions).
  const burstPaths = Array.from(
    { length: CARD_BURST },
    (_, index) => `/api/fictions/${HISTORY_FICTION + CHAPTER_FICTIONS.length + index}/card.png`,
  );
  const share = { kind: 'ceiling-share', min: 0.5 } as const;
  return [
    { name: 'landing: Top 5 Rising Stars', path: '/api/rising-stars/top?limit=5', target: share },
    { name: 'landing: most popular on site', path: '/api/fictions/popular-by-users?limit=5', target: share },
    { name: 'Rising Stars main', path: '/api/rising-stars-main', target: share },
    { name: 'fiction detail', path: `/api/fictions/${HISTORY_FICTION}`, target: { kind: 'p99', maxMs: 25 } },
    {
      name: 'fiction history (a year)',
      path: `/api/fictions/${HISTORY_FICTION}/history`,
      target: { kind: 'p99', maxMs: 25 },
    },
    {
      name: 'favorites (500 entries)',
      path: '/api/userFictions/favorites?limit=1000',
      headers: auth,
      target: { kind: 'p99', maxMs: 50 },
      maxBytes: 200 * 1024,
    },
    {
      name: 'badges for 500 favorites',
      path: `/api/rising-stars/latest?fictionIds=${favoriteIds.join(',')}`,
      target: { kind: 'p99', maxMs: 50 },
    },
    {
      name: 'position calculator',
      path: `/api/rising-stars-position/${onMain}`,
      target: { kind: 'p99', maxMs: 50 },
    },
    {
      name: 'analytics (year, 500 chapters)',
      path: `/api/fictions/${HISTORY_FICTION}/analytics`,
      target: { kind: 'p99', maxMs: 50 },
    },
    {
      name: 'compare 6 such fictions',
      path: `/api/compare?ids=${CHAPTER_FICTIONS.join(',')}`,
      target: { kind: 'p99', maxMs: 100 },
    },
    {
      name: 'card.png first render',
      path: `/api/fictions/${HISTORY_FICTION}/card.png`,
      target: { kind: 'first', maxMs: 300 },
    },
    {
      name: 'card.png cached',
      path: `/api/fictions/${HISTORY_FICTION}/card.png`,
      target: { kind: 'p99', maxMs: 25 },
    },
    {
      name: 'search: two words',
      path: '/api/fictions/search?q=crimson%20dungeon',
      target: { kind: 'p99', maxMs: 50 },
    },
    {
      name: 'search: 3 filters, 7-day gain sort',
      path: '/api/fictions/search?tags=Fantasy&status=ongoing&minFollowers=100&sort=gain7',
      target: { kind: 'p99', maxMs: 50 },
    },
    { name: 'movers (7 days)', path: '/api/fictions/movers?window=7d', target: { kind: 'p99', maxMs: 50 } },
    {
      name: 'replay window (10 days)',
      path: `/api/rising-stars?genre=main&startDate=${start.toISOString().slice(0, 10)}&endDate=${end.toISOString().slice(0, 10)}`,
      target: { kind: 'p99', maxMs: 100 },
    },
    {
      name: 'alerts: the bell (unread count)',
      path: '/api/notifications?unread=true&page=1&limit=1',
      headers: auth,
      target: { kind: 'p99', maxMs: 50 },
    },
    {
      name: 'alerts: notifications, a page of 20',
      path: '/api/notifications?page=1&limit=20',
      headers: auth,
      target: { kind: 'p99', maxMs: 50 },
    },
    {
      name: "alerts: a fiction's Atom feed",
      path: `/feeds/fictions/${onMain}.atom`,
      target: { kind: 'p99', maxMs: 50 },
    },
    { name: "alerts: a reader's private feed", path: feedUrl, target: { kind: 'p99', maxMs: 50 } },
    // Last, so that whatever it leaves behind does not weigh on the endpoints above.
    {
      name: `card.png burst: ${CARD_BURST} new at once`,
      path: burstPaths[0] as string,
      burstPaths,
      target: { kind: 'burst', minDrawn: CARD_BURST_DRAWN, maxHealthMs: 1_000 },
    },
  ];
}

/** The HTTP table on one database (see runHttpBenchesSideBySide). */
export async function runHttpBench(options: {
  root: string;
  databaseUrl: string;
  label: string;
  seconds?: number;
}): Promise<HttpBenchResult> {
  const [result] = await runHttpBenchesSideBySide({
    root: options.root,
    databases: [{ url: options.databaseUrl, label: options.label }],
    seconds: options.seconds,
  });
  if (!result) throw new Error('no result');
  return result;
}

/**
 * The HTTP table on several databases at once, each behind a server of its own, started together: every
 * endpoint is measured on one, then the next, for `rounds` rounds of `seconds / rounds` each (the order
 * reversed every other round), and each figure is the mean of its rounds. On a machine whose speed drifts, two databases measured minutes apart
 * differ by the drift; measured alternately, by what they hold.
 */
export async function runHttpBenchesSideBySide(options: {
  root: string;
  databases: Array<{ url: string; label: string }>;
  seconds?: number;
  rounds?: number;
}): Promise<HttpBenchResult[]> {
  const rounds = options.rounds ?? 1;
  const seconds = (options.seconds ?? 8) / rounds;
  const ceiling = startProcess([path.join(options.root, 'bench/ceiling-server.ts')], process.env);
  const apps: Array<Awaited<ReturnType<typeof startAppServer>>> = [];
  const peaks = options.databases.map(() => ({ all: 0, endpoint: 0 }));
  const sampler = setInterval(() => {
    apps.forEach((app, index) => {
      const peak = peaks[index];
      if (!app.child.pid || !peak) return;
      const rss = rssMb(app.child.pid);
      peak.all = Math.max(peak.all, rss);
      peak.endpoint = Math.max(peak.endpoint, rss);
    });
  }, 50);
  try {
    for (const database of options.databases) apps.push(await startAppServer(options.root, database.url));
    const ceilingPort = Number(await firstLine(ceiling));
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}/ceiling`;
    const plans = await Promise.all(apps.map((app) => planFor(app.base)));
    const ceilingLoad = await load(ceilingUrl, {}, seconds * rounds);
    const endpoints: EndpointResult[][] = apps.map(() => []);
    const entries = plans[0] ?? [];
    for (const [index, first] of entries.entries()) {
      const measured = apps.map(() => ({
        rps: 0,
        p50: 0,
        p99: 0,
        errors: 0,
        ceilingRps: 0,
        runs: 0,
        burst: undefined as BurstOutcome | undefined,
      }));
      for (const peak of peaks) peak.endpoint = 0;
      // A first render happens once: it is timed in the first round only (a burst's, too).
      const endpointRounds = first.target.kind === 'first' || first.target.kind === 'burst' ? 1 : rounds;
      for (let round = 0; round < endpointRounds; round++) {
        // One order, then the other (A B B A): whatever favours the first or the last of a round cancels out.
        const order = [...apps.entries()];
        if (round % 2 === 1) order.reverse();
        for (const [side, app] of order) {
          const entry = plans[side]?.[index] as PlanEntry;
          const sum = measured[side] as (typeof measured)[number];
          const headers = { ...BROWSER_HEADERS, ...entry.headers };
          // The machine's speed drifts during a run: an endpoint held to a share of the ceiling is compared
          // with the ceiling measured just before it.
          sum.ceilingRps +=
            entry.target.kind === 'ceiling-share'
              ? (await load(ceilingUrl, {}, seconds)).rps
              : ceilingLoad.rps;
          let result: { rps: number; p50: number; p99: number; errors: number };
          if (entry.target.kind === 'burst') {
            const measuredBurst = await burst(app.base, entry.burstPaths ?? [entry.path], headers);
            sum.burst = measuredBurst.outcome;
            result = measuredBurst;
          } else {
            result =
              entry.target.kind === 'first'
                ? await once(`${app.base}${entry.path}`, headers)
                : await load(`${app.base}${entry.path}`, headers, seconds);
          }
          sum.rps += result.rps;
          sum.p50 += result.p50;
          sum.p99 += result.p99;
          sum.errors += result.errors;
          sum.runs += 1;
        }
      }
      for (const [side, app] of apps.entries()) {
        const entry = plans[side]?.[index] as PlanEntry;
        const sum = measured[side] as (typeof measured)[number];
        const mean = { rps: sum.rps / sum.runs, p50: sum.p50 / sum.runs, p99: sum.p99 / sum.runs };
        const ceilingRps = sum.ceilingRps / sum.runs;
        const headers = { ...BROWSER_HEADERS, ...entry.headers };
        const bytes = await bodySize(`${app.base}${entry.path}`, entry.headers ?? {});
        // The request that makes a kept answer again is sent as made; the next ones, compressed.
        const sentBytes = Math.min(
          await bodySize(`${app.base}${entry.path}`, headers),
          await bodySize(`${app.base}${entry.path}`, headers),
        );
        const peakRssMb = peaks[side]?.endpoint ?? 0;
        const passed =
          sum.errors === 0 &&
          (entry.maxBytes === undefined || bytes <= entry.maxBytes) &&
          (entry.target.kind === 'ceiling-share'
            ? mean.rps >= entry.target.min * ceilingRps
            : entry.target.kind === 'p99' || entry.target.kind === 'first'
              ? mean.p99 <= entry.target.maxMs
              : entry.target.kind === 'burst'
                ? (sum.burst?.drawn ?? 0) >= entry.target.minDrawn &&
                  (sum.burst?.slowestHealthMs ?? Number.POSITIVE_INFINITY) <= entry.target.maxHealthMs &&
                  peakRssMb > 0 &&
                  peakRssMb < MEMORY_LIMIT_MB
                : true);
        endpoints[side]?.push({
          name: entry.name,
          path: entry.path,
          ...mean,
          errors: sum.errors,
          bytes,
          sentBytes,
          maxBytes: entry.maxBytes,
          ceilingRps,
          target: entry.target,
          passed,
          peakRssMb,
          burst: sum.burst,
        });
      }
    }
    return options.databases.map((database, side) => {
      const peak = peaks[side]?.all ?? 0;
      return {
        database: database.label,
        ceilingRps: ceilingLoad.rps,
        endpoints: endpoints[side] ?? [],
        peakRssMb: peak,
        memoryPassed: peak > 0 && peak < MEMORY_LIMIT_MB,
      };
    });
  } finally {
    clearInterval(sampler);
    await Promise.all(apps.map((app) => app.stop()));
    ceiling.kill('SIGTERM');
  }
}

export function printHttpBench(result: HttpBenchResult) {
  const pad = (text: string, width: number) => text.padEnd(width);
  const num = (value: number, digits = 0) => value.toFixed(digits).padStart(9);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
  console.log(
    `HTTP at 50 connections on ${result.database} (ceiling: bare Fastify, 1 KB JSON, measured again just before each endpoint held to a share of it; requests accept gzip and Brotli as browsers do; answer sizes in KB before compression / as sent)`,
  );
  console.log(
    `  ${pad('endpoint', 34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'× ceil'.padStart(9)} ${'answer KB'.padStart(15)} ${'RSS MB'.padStart(7)}  target`,
  );
  console.log(
    `  ${pad('framework ceiling', 34)} ${num(result.ceilingRps)} ${''.padStart(9)} ${''.padStart(9)} ${num(1, 2)}`,
  );
  for (const entry of result.endpoints) {
    const target = [
      entry.target.kind === 'ceiling-share'
        ? `≥ ${entry.target.min} × ceiling`
        : entry.target.kind === 'p99'
          ? `p99 ≤ ${entry.target.maxMs} ms`
          : entry.target.kind === 'first'
            ? `once ≤ ${entry.target.maxMs} ms`
            : entry.target.kind === 'burst'
              ? `≥ ${entry.target.minDrawn} drawn, the rest 503, health ≤ ${entry.target.maxHealthMs} ms, RSS < ${MEMORY_LIMIT_MB} MB`
              : '',
      entry.maxBytes === undefined ? '' : `, ≤ ${kb(entry.maxBytes)} KB`,
    ].join('');
    const sizes = `${kb(entry.bytes)} / ${kb(entry.sentBytes)}`.padStart(15);
    console.log(
      `  ${pad(entry.name, 34)} ${num(entry.rps)} ${num(entry.p50, 1)} ${num(entry.p99, 1)} ${num(entry.rps / entry.ceilingRps, 2)} ${sizes} ${entry.peakRssMb.toFixed(0).padStart(7)}  ${target} ${entry.passed ? 'PASS' : `MISS${entry.errors ? ` (${entry.errors} failed requests)` : ''}`}`,
    );
    if (entry.burst)
      console.log(
        `  ${''.padEnd(34)} ${entry.burst.drawn} of ${entry.burst.requests} drawn, ${entry.burst.refused} told to retry (503); /api/health at worst ${entry.burst.slowestHealthMs.toFixed(0)} ms meanwhile`,
      );
  }
  console.log(
    `  server memory under load: peak ${result.peakRssMb.toFixed(0)} MB (limit ${MEMORY_LIMIT_MB} MB) ${result.memoryPassed ? 'PASS' : 'MISS'}`,
  );
}

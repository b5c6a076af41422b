import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@rrc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedTestDatabase } from '../../../test/test-app.ts';
import { CARD_DRAWING } from './link-preview.service.ts';

// A burst of link previews for cards never drawn (a list of links shared at once, or someone asking on
// purpose) against the real server, started as `npm start` starts it: its resident memory stays within the
// budget and /api/health keeps answering at once, because cards are drawn a few at a time and the rest are
// told to come back. CARD_BURST_REPORT=1 prints the figures.

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const CLI = path.join(ROOT, 'apps/server/src/cli.ts');
const BURST = 150;
const MEMORY_LIMIT_MB = 250;
const HEALTH_LIMIT_MS = 1_000;
/** Cards drawn at once plus cards waiting their turn: at least these many of a burst are drawn. */
const DRAWN_AT_LEAST = CARD_DRAWING.concurrency + CARD_DRAWING.maxWaiting;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Node.js flags `npm start` gives the server (its memory limits). */
function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = /\bnode((?: --[\w-]+=\S+)*) apps\/server\/src\/main\.ts/.exec(scripts.start ?? '')?.[1];
  if (!flags) throw new Error('the start script no longer runs apps/server/src/main.ts with node flags');
  return flags.trim().split(' ');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Runs the command line to its end; rejects with its output when it fails. */
function cli(args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cli ${args[0]}: ${output}`))));
  });
}

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
let server: ChildProcess;
let base: string;
let dataDir: string;
let fictionIds: number[];

beforeAll(async () => {
  shared = await createSharedTestDatabase();
  // The real July 2026 sample: 169 fictions, each with its snapshots.
  await cli(['seed-sample'], shared.url);
  const database = shared.open();
  const rows = await database.db
    .selectFrom('fictions')
    .innerJoin('fiction_snapshots', 'fiction_snapshots.fiction_id', 'fictions.id')
    .select('fictions.royalroad_id')
    .distinct()
    .orderBy('fictions.royalroad_id')
    .execute();
  fictionIds = rows.map((row) => row.royalroad_id);

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'rrc-card-burst-'));
  server = spawn(process.execPath, [...startFlags(), MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: shared.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ROLE: 'web',
      SCHEDULER: 'off',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      JWT_SECRET: 'card-burst-secret-that-is-long-enough-for-signing',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health in time');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await shared?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a burst of first renders of link preview cards', () => {
  it(`${BURST} at once keep the server under ${MEMORY_LIMIT_MB} MB and /api/health answering within a second`, async () => {
    expect(fictionIds.length).toBeGreaterThan(BURST);
    const pid = server.pid as number;
    // The fonts are read once per process: one card drawn first (a fiction outside the burst), so the burst
    // measures cards, not the start.
    const warm = await fetch(`${base}/api/fictions/${fictionIds[BURST]}/card.png`);
    expect(warm.status).toBe(200);
    await warm.arrayBuffer();
    const before = rssMb(pid);

    let peakMb = before;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(pid));
    }, 20);
    let probing = true;
    const healthMs: number[] = [];
    const prober = (async () => {
      while (probing) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        healthMs.push(performance.now() - started);
        expect(response.status).toBe(200);
        await sleep(50);
      }
    })();

    try {
      const started = performance.now();
      // Two ids no fiction has ride along: they are refused as unknown even while the queue is full.
      const ids = [...fictionIds.slice(0, BURST), 999_999_901, 999_999_902];
      const answers = await Promise.all(
        ids.map(async (id) => {
          const response = await fetch(`${base}/api/fictions/${id}/card.png`);
          const body = Buffer.from(await response.arrayBuffer());
          return { id, status: response.status, headers: response.headers, body };
        }),
      );
      const burstMs = performance.now() - started;
      // Whatever the burst left behind is still counted.
      await sleep(300);

      const drawn = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 503);
      if (process.env.CARD_BURST_REPORT) {
        console.log(
          `card burst: ${drawn.length} drawn, ${refused.length} told to retry in ${burstMs.toFixed(0)} ms; RSS ${before.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB; /api/health slowest ${Math.max(...healthMs).toFixed(0)} ms of ${healthMs.length}`,
        );
      }
      for (const answer of answers.slice(BURST)) {
        expect(answer.status).toBe(404);
        expect(JSON.parse(answer.body.toString())).toEqual({ success: false, error: 'Fiction not found' });
      }
      for (const answer of drawn) {
        expect(answer.headers.get('content-type')).toBe('image/png');
        expect(answer.body.subarray(1, 4).toString('ascii')).toBe('PNG');
      }
      for (const answer of refused) {
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(answer.headers.get('cache-control') ?? '').not.toMatch(/public/);
        expect(JSON.parse(answer.body.toString())).toEqual({ success: false, error: MESSAGES.cardsBusy });
      }
      expect(drawn.length + refused.length).toBe(BURST);
      expect(drawn.length).toBeGreaterThanOrEqual(DRAWN_AT_LEAST);

      // A card refused during the burst is drawn when asked again once it is over.
      const again = await fetch(`${base}/api/fictions/${(refused[0] ?? drawn[0])?.id}/card.png`);
      expect(again.status).toBe(200);
      await again.arrayBuffer();
    } finally {
      clearInterval(sampler);
      probing = false;
      await prober;
    }
    expect(healthMs.length).toBeGreaterThan(0);
    expect(Math.max(...healthMs)).toBeLessThan(HEALTH_LIMIT_MS);
    expect(peakMb).toBeLessThan(MEMORY_LIMIT_MB);
  });
});

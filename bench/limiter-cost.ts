// What counting limits in PostgreSQL costs a request: the latency of a failed sign-in (a wrong password, the
// request an attacker repeats) with the limits counted in the database, as every instance on PostgreSQL does,
// against the same server counting them in its own memory. Two apps on one PostgreSQL database in this
// process, asked in turn, one request at a time, over keep-alive connections. Target: p99 within 5 ms.
//
// Run alone with `node bench/limiter-cost.ts` (it makes and drops a database on BENCH_POSTGRES_URL's server),
// or from `npm run bench` on the benchmark's PostgreSQL database.
import type { AddressInfo } from 'node:net';
import { buildApp } from '@rrc/server/app';
import { createCore } from '@rrc/server/composition';
import { loadConfig } from '@rrc/server/config';
import { openDatabase } from '@rrc/server/db/database';
import { migrateToLatest } from '@rrc/server/db/migrate';
import { createLimiterStore, memoryLimiterStore } from '@rrc/server/lib/limiter-store';
import pg from 'pg';

export const LIMITER_COST_TARGET_MS = 5;
const ACCOUNT = { email: 'limiter-cost@bench.rrcompanion.test', password: 'Readers4ever' };

interface Latencies {
  p50: number;
  p99: number;
  /** Answers other than the 401 of a wrong password. */
  unexpected: number;
}

export interface LimiterCost {
  shared: Latencies;
  memory: Latencies;
  /** One count alone (`take`, what a limited request waits for) in the database: p50 and p99 in ms. */
  countAlone: { p50: number; p99: number };
  requests: number;
  passed: boolean;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** Measures `requests` failed sign-ins on each variant (after a warm-up), alternating between them. */
export async function measureLimiterCost(options: {
  databaseUrl: string;
  requests?: number;
}): Promise<LimiterCost> {
  const requests = options.requests ?? 400;
  const config = loadConfig({
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-signing',
    SCHEDULER: 'off',
    ROLE: 'web',
    // Counted, never refused: the measurement is the counting.
    AUTH_RATE_LIMIT: '1000000',
    REGISTRATION_RATE_LIMIT: '1000000',
  });
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  if (!database.pool) throw new Error('The limiter cost is measured on PostgreSQL only.');
  const quiet = { info() {}, warn() {}, error() {} };
  const core = createCore({ config, database, log: quiet });
  const shared = await buildApp({ config, core, jwtSecret: 'bench-secret-that-is-long-enough-for-signing' });
  // The same server with its limits in this process's memory (what SQLite does).
  const inMemory = await buildApp({
    config,
    core: { ...core, limits: memoryLimiterStore() },
    jwtSecret: 'bench-secret-that-is-long-enough-for-signing',
  });
  const apps = { shared, memory: inMemory };
  try {
    const bases: Record<keyof typeof apps, string> = { shared: '', memory: '' };
    for (const name of ['shared', 'memory'] as const) {
      await apps[name].listen({ port: 0, host: '127.0.0.1' });
      bases[name] = `http://127.0.0.1:${(apps[name].server.address() as AddressInfo).port}`;
    }
    await fetch(`${bases.shared}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ACCOUNT),
    });
    const wrong = JSON.stringify({ email: ACCOUNT.email, password: 'Wrong-guess-1' });
    const times: Record<keyof typeof apps, number[]> = { shared: [], memory: [] };
    const unexpected: Record<keyof typeof apps, number> = { shared: 0, memory: 0 };
    const failedSignIn = async (name: keyof typeof apps) => {
      const started = performance.now();
      const response = await fetch(`${bases[name]}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: wrong,
      });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      return { elapsed, status: response.status };
    };
    for (let i = 0; i < 40; i++) {
      await failedSignIn('shared');
      await failedSignIn('memory');
    }
    for (let i = 0; i < requests; i++) {
      // Alternating, so both meet the same load on the machine.
      for (const name of i % 2 === 0 ? (['shared', 'memory'] as const) : (['memory', 'shared'] as const)) {
        const { elapsed, status } = await failedSignIn(name);
        times[name].push(elapsed);
        if (status !== 401) unexpected[name] += 1;
      }
    }
    const summary = (name: keyof typeof apps): Latencies => {
      const sorted = [...times[name]].sort((a, b) => a - b);
      return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), unexpected: unexpected[name] };
    };
    // The count alone, without the request around it: one upsert of the key's row.
    const count = createLimiterStore(database).limit({
      name: 'bench-count',
      limit: 1_000_000,
      windowMs: 60_000,
    });
    const alone: number[] = [];
    for (let i = 0; i < requests * 2; i++) {
      const started = performance.now();
      await count.take('127.0.0.1');
      alone.push(performance.now() - started);
    }
    alone.sort((a, b) => a - b);
    const countAlone = { p50: percentile(alone, 0.5), p99: percentile(alone, 0.99) };
    const result = { shared: summary('shared'), memory: summary('memory'), countAlone, requests };
    return {
      ...result,
      passed:
        result.shared.unexpected === 0 &&
        result.memory.unexpected === 0 &&
        result.shared.p99 - result.memory.p99 <= LIMITER_COST_TARGET_MS,
    };
  } finally {
    await shared.close();
    await inMemory.close();
    await core.runner.stop();
    await database.close();
  }
}

export function printLimiterCost(cost: LimiterCost) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`Failed sign-in on PostgreSQL, ${cost.requests} each, one at a time: limits counted …`);
  console.log(`  in the database (every instance)  p50 ${ms(cost.shared.p50)}  p99 ${ms(cost.shared.p99)}`);
  console.log(`  in the process's memory           p50 ${ms(cost.memory.p50)}  p99 ${ms(cost.memory.p99)}`);
  console.log(
    `  one count alone in the database     p50 ${ms(cost.countAlone.p50)}  p99 ${ms(cost.countAlone.p99)}`,
  );
  const extra = cost.shared.p99 - cost.memory.p99;
  console.log(
    `  p99 cost of counting in the database: ${ms(extra)} (target ≤ ${LIMITER_COST_TARGET_MS} ms)${
      cost.shared.unexpected + cost.memory.unexpected > 0
        ? `, ${cost.shared.unexpected + cost.memory.unexpected} answers other than 401`
        : ''
    } ${cost.passed ? 'PASS' : 'MISS'}`,
  );
}

if (import.meta.main) {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `rrc_limiter_cost_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const cost = await measureLimiterCost({ databaseUrl: url.href });
    printLimiterCost(cost);
    process.exitCode = cost.passed ? 0 : 1;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// The cluster test's machinery: one fresh PostgreSQL database, the fake Royal Road in a process of its own,
// web instances and workers of the real server (apps/server/src/main.ts), and HAProxy in front of the web
// instances with the repository's own config (deploy/haproxy.cfg, its ports replaced). Everything it starts
// is killed by `stop()`, and by the test process's exit should a test crash.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import {
  createTemplateDatabase,
  dropRunDatabases,
  postgresReachable,
  templateDatabase,
} from '../postgres.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const FAKE_CLI = path.join(ROOT, 'packages/fakes/src/royalroad/cli.ts');
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');

/** Five processes starting at once on two cores take a while. */
const STARTUP_MS = 90_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether this machine can run the cluster: PostgreSQL answers and HAProxy is installed. */
export async function clusterUnavailable(): Promise<string | null> {
  if (!(await postgresReachable())) return 'PostgreSQL does not answer';
  if (!haproxyPath()) return 'haproxy is not installed';
  return null;
}

/** Debian's HAProxy (as .ci/run installs it), or HAPROXY_PATH; null when it is not there. */
export function haproxyPath(): string | null {
  const candidate = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
  try {
    execFileSync(candidate, ['-v'], { stdio: 'ignore' });
    return candidate;
  } catch {
    return null;
  }
}

export function freePort(): Promise<number> {
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

export async function until<T>(
  what: string,
  check: () => T | undefined | false | null | Promise<T | undefined | false | null>,
  timeoutMs: number,
  everyMs = 50,
  details: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${details()}`);
    await sleep(everyMs);
  }
}

/** Every child this module started, so that an exit of the test process still kills them. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A started process with its output kept. */
export interface Proc {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

function launch(command: string, args: string[], env: Record<string, string | undefined>): Proc {
  const child = track(
    spawn(command, args, { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, output: () => output, exited };
}

export interface RecordedRequest {
  method: string;
  path: string;
  at: number;
}

/** The fake Royal Road, steered and read through its /__fake/ endpoints. */
export interface Fake {
  url: string;
  proc: Proc;
  requests(): Promise<RecordedRequest[]>;
  control<T>(endpoint: string, body: unknown): Promise<T>;
}

async function startFake(): Promise<Fake> {
  const port = await freePort();
  const proc = launch(process.execPath, [FAKE_CLI, '--port', String(port)], process.env);
  const url = `http://127.0.0.1:${port}`;
  await until(
    'the fake Royal Road',
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`the fake Royal Road exited: ${proc.output()}`);
      return (await fetch(`${url}/__fake/requests`).catch(() => null))?.ok;
    },
    20_000,
  );
  return {
    url,
    proc,
    requests: async () => (await (await fetch(`${url}/__fake/requests`)).json()) as RecordedRequest[],
    control: async <T>(endpoint: string, body: unknown) => {
      const response = await fetch(`${url}/__fake/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`fake ${endpoint}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

export type Role = 'web' | 'worker';

/** One process of the server: `start()` spawns it (again, after a stop) on the same port. */
export class Instance {
  proc: Proc | undefined;
  /** Every output of every start, in order. */
  private previous = '';
  readonly name: string;
  readonly role: Role;
  readonly port: number;
  private readonly env: Record<string, string>;
  constructor(name: string, role: Role, port: number, env: Record<string, string>) {
    this.name = name;
    this.role = role;
    this.port = port;
    this.env = env;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  output() {
    return this.previous + (this.proc?.output() ?? '');
  }

  get running() {
    return (
      this.proc !== undefined && this.proc.child.exitCode === null && this.proc.child.signalCode === null
    );
  }

  async start(): Promise<void> {
    if (this.proc) this.previous += this.proc.output();
    this.proc = launch(process.execPath, [MAIN], {
      ...process.env,
      ...this.env,
      ROLE: this.role,
      PORT: String(this.port),
    });
    if (this.role === 'worker') {
      await until(
        `${this.name} ready`,
        () => {
          if (!this.running) throw new Error(`${this.name} exited: ${this.output()}`);
          return this.output().includes('RR Companion is ready');
        },
        STARTUP_MS,
        100,
        () => `\n${this.output().slice(-3000)}`,
      );
      return;
    }
    await until(
      `${this.name} ready`,
      async () => {
        if (!this.running) throw new Error(`${this.name} exited: ${this.output()}`);
        return (await fetch(`${this.url}/api/health/ready`).catch(() => null))?.status === 200;
      },
      STARTUP_MS,
      100,
      () => `\n${this.output().slice(-3000)}`,
    );
  }

  /** Sends the signal and answers when the process has exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const proc = this.proc;
    if (!proc || !this.running) return proc ? proc.exited : { code: null, signal: null, at: Date.now() };
    proc.child.kill(signal);
    return proc.exited;
  }
}

/** deploy/haproxy.cfg with this cluster's ports: the frontend's, the stats page's and each instance's. */
export function haproxyConfig(options: { port: number; statsPort: number; web: Instance[] }): string {
  const source = readFileSync(HAPROXY_CONFIG, 'utf8');
  let servers = 0;
  const config = source
    .replace(/^(\s*bind\s+)\*:8080\b/m, `$1127.0.0.1:${options.port}`)
    .replace(/^(\s*bind\s+)127\.0\.0\.1:8404\b/m, `$1127.0.0.1:${options.statsPort}`)
    .replace(/^(\s*server\s+)web(\d+)\s+127\.0\.0\.1:300\d\b/gm, (_line, lead: string, n: string) => {
      const instance = options.web[Number(n) - 1];
      if (!instance)
        throw new Error(`deploy/haproxy.cfg lists web${n}, the cluster has ${options.web.length}`);
      servers += 1;
      return `${lead}${instance.name} 127.0.0.1:${instance.port}`;
    });
  if (servers !== options.web.length || !config.includes(`127.0.0.1:${options.port}`))
    throw new Error(
      'deploy/haproxy.cfg no longer has the frontend on *:8080 and web1..3 on 127.0.0.1:3001-3003',
    );
  return config;
}

export interface ClusterOptions {
  webs: number;
  workers: number;
  intervalMs: number;
  env: Record<string, string>;
  /** Sets the fake site up before any process starts (the workers' first scheduled runs read it). */
  prepare?: (fake: Fake) => Promise<void>;
}

export interface Cluster {
  databaseUrl: string;
  fake: Fake;
  web: Instance[];
  workers: Instance[];
  /** HAProxy's frontend. */
  url: string;
  /** HAProxy's stats as CSV rows: the state (UP, DOWN, …) of each server of the backend. */
  serverStates(): Promise<Record<string, string>>;
  haproxy: Proc;
  stop(): Promise<void>;
}

/** Starts the whole cluster; on any failure whatever started is stopped again. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const runId = `cluster${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rrc-cluster-'));
  const started: { fake?: Fake; instances: Instance[]; haproxy?: Proc } = { instances: [] };
  const stop = async () => {
    // CLUSTER_LOGS=dir keeps each process's output there.
    const logs = process.env.CLUSTER_LOGS;
    if (logs) {
      mkdirSync(logs, { recursive: true });
      for (const instance of started.instances)
        writeFileSync(path.join(logs, `${instance.name}.log`), instance.output());
      if (started.haproxy) writeFileSync(path.join(logs, 'haproxy.log'), started.haproxy.output());
    }
    for (const proc of [
      started.haproxy,
      ...started.instances.map((instance) => instance.proc),
      started.fake?.proc,
    ]) {
      if (proc && proc.child.exitCode === null && proc.child.signalCode === null) {
        proc.child.kill('SIGKILL');
        await proc.exited;
      }
    }
    await dropRunDatabases(runId).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One fresh database, migrated once here (each process finds it current).
    await createTemplateDatabase(runId, async (url) => {
      const database = openDatabase(url, { poolSize: 1 });
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
    });
    const databaseUrl = templateDatabase(runId).url;
    const fake = await startFake();
    started.fake = fake;
    await options.prepare?.(fake);
    const port = await freePort();
    const statsPort = await freePort();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: 'cluster-test-secret-that-is-long-enough-for-signing',
      DATA_DIR: dataDir,
      ROYALROAD_BASE_URL: fake.url,
      SCRAPE_INTERVAL_MS: String(options.intervalMs),
      LOG_LEVEL: 'info',
      ...options.env,
    };
    const web: Instance[] = [];
    for (let n = 1; n <= options.webs; n++)
      web.push(new Instance(`web${n}`, 'web', await freePort(), { ...env, SCHEDULER: 'off' }));
    const workers: Instance[] = [];
    for (let n = 1; n <= options.workers; n++)
      workers.push(new Instance(`worker${n}`, 'worker', await freePort(), { ...env, SCHEDULER: 'on' }));
    started.instances.push(...web, ...workers);
    await Promise.all([...web, ...workers].map((instance) => instance.start()));

    const configFile = path.join(dataDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ port, statsPort, web }));
    const haproxy = launch(haproxyPath() ?? 'haproxy', ['-f', configFile, '-db'], process.env);
    started.haproxy = haproxy;
    const url = `http://127.0.0.1:${port}`;
    const serverStates = async () => {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/haproxy;csv`)).text();
      const states: Record<string, string> = {};
      for (const line of csv.split('\n')) {
        const [proxy, server, ...rest] = line.split(',');
        // Column 18 (index 17) is the status.
        if (proxy === 'rrc_web' && server && server !== 'BACKEND') states[server] = rest[15] ?? '';
      }
      return states;
    };
    await until(
      'HAProxy with every web instance up',
      async () => {
        if (haproxy.child.exitCode !== null) throw new Error(`haproxy exited: ${haproxy.output()}`);
        const states = await serverStates().catch(() => ({}) as Record<string, string>);
        return web.every((instance) => states[instance.name] === 'UP');
      },
      20_000,
    );
    return { databaseUrl, fake, web, workers, url, serverStates, haproxy, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A JSON call: the status, the parsed body and the headers. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Core, createCore } from '../src/composition.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { CaptureStatus } from '../src/db/schema.ts';
import { usersRepository } from '../src/features/auth/users.repository.ts';
import type { JobLogger } from '../src/lib/jobs.ts';
import { RoyalRoadClient } from '../src/royalroad/client.ts';
import {
  createTestDatabase,
  dropTestDatabase,
  giveBackMigratedDatabase,
  takeMigratedDatabase,
} from './postgres.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** What the app was built on: the Royal Road client, the job runner, the scrapes' services. */
  core: Core;
  /** The parts tests reach into directly: the Royal Road client, the job runner and the repositories. */
  services: Core['repositories'] & Pick<Core, 'client' | 'runner' | 'scheduler'>;
  /** What the jobs logged. */
  logs: string[];
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** Which database the API suite runs on: SQLite in memory by default, PostgreSQL with TEST_DATABASE=postgres. */
export const testDialect = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** A client for tests: the configured base URL, no waiting between requests, short backoff. */
export function testClient(
  baseUrl: string,
  overrides: Partial<ConstructorParameters<typeof RoyalRoadClient>[0]> = {},
) {
  return new RoyalRoadClient({
    baseUrl,
    intervalMs: 0,
    userAgent: 'RRCompanion-tests',
    backoffMs: 10,
    maxWaitMs: 5_000,
    timeoutMs: 5_000,
    ...overrides,
  });
}

export function collectingLogger(lines: string[]): JobLogger {
  return {
    info: (message) => lines.push(`info: ${message}`),
    warn: (message) => lines.push(`warn: ${message}`),
    error: (message) => lines.push(`error: ${message}`),
  };
}

/** A fresh, migrated database and an app built on it. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    client?: RoyalRoadClient;
    genres?: readonly string[];
    /** A pino logger for the HTTP app (none by default). */
    logger?: FastifyBaseLogger;
    jwtSecret?: string;
    /** Rewrites the URL the app connects to (e.g. through a proxy); the test database itself is made and dropped directly. */
    databaseUrl?: (url: string) => string;
    /** Folder of a built web app to serve. */
    webRoot?: string;
  } = {},
): Promise<TestApp> {
  let databaseUrl = 'sqlite::memory:';
  let taken: { url: string; name: string } | undefined;
  if (testDialect === 'postgres') {
    taken = await takeMigratedDatabase(inject('pgRunId'));
    databaseUrl = taken.url;
  }
  if (options.databaseUrl) databaseUrl = options.databaseUrl(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    SCHEDULER: 'off',
    // Tests register many accounts from one address; the limit itself is tested with its own value.
    REGISTRATION_RATE_LIMIT: '100000',
    ...env,
  });
  const database = openDatabase(config.databaseUrl, { poolSize: 4 });
  // A database from the run's template holds every migration already.
  if (!taken) await migrateToLatest(database);
  const clock = {
    now: new Date('2026-11-21T12:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const logs: string[] = [];
  const core = createCore({
    config,
    database,
    log: collectingLogger(logs),
    now: () => clock.now,
    client: options.client ?? testClient(config.royalroad.baseUrl),
    genres: options.genres,
  });
  const app = await buildApp({
    config,
    core,
    jwtSecret: options.jwtSecret ?? TEST_JWT_SECRET,
    now: () => clock.now,
    logger: options.logger,
    webRoot: options.webRoot,
    mailRetryDelayMs: 20,
  });
  await app.ready();
  databases.set(app, database);
  return {
    app,
    database,
    config,
    core,
    services: { ...core.repositories, client: core.client, runner: core.runner, scheduler: core.scheduler },
    logs,
    clock,
    async close() {
      await app.close();
      await core.runner.stop();
      await database.close();
      if (taken) await giveBackMigratedDatabase(taken);
    },
  };
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

/** `app.inject` returning the parsed JSON body. */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  options: InjectOptions & { token?: string },
): Promise<JsonResponse<T>> {
  const { token, ...rest } = options;
  const response = await app.inject({
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers },
  });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body: body as T, headers: response.headers };
}

/** The database of each app createTestApp built, so that helpers given only the app can reach it. */
const databases = new WeakMap<FastifyInstance, Database>();

let emailCounter = 0;
export const STRONG_PASSWORD = 'Readers4ever';

/**
 * Registers an account and returns its token and user. The account's address counts as verified, as if its
 * owner had opened the link mailed to them (`verified: false` leaves it unproven); `user` is the
 * registration's answer, from before.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: { email?: string; name?: string; verified?: boolean } = {},
) {
  emailCounter += 1;
  const email = overrides.email ?? `reader${emailCounter}@example.com`;
  const response = await call<{
    data: { token: string; user: { id: number; email: string; admin: boolean } };
  }>(app, {
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: STRONG_PASSWORD, name: overrides.name },
  });
  if (response.status !== 201) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
  if (overrides.verified !== false) {
    const database = databases.get(app);
    if (!database) throw new Error('registerUser verifies addresses only on apps made by createTestApp');
    await usersRepository(database.db).verifyAddress(email, new Date().toISOString());
  }
  return { token: response.body.data.token, user: response.body.data.user, email };
}

/** One empty, migrated database that several connections (standing in for processes) can open. */
export async function createSharedTestDatabase(): Promise<{
  url: string;
  open(): Database;
  close(): Promise<void>;
}> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (testDialect === 'postgres') {
    const created = await createTestDatabase(inject('pgRunId'), { migrated: true });
    url = created.url;
    cleanup = () => dropTestDatabase(created.name);
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'rrc-shared-'));
    url = `sqlite:${path.join(dir, 'shared.db')}`;
    cleanup = () => rm(dir, { recursive: true, force: true });
  }
  const opened: Database[] = [];
  const first = openDatabase(url, { poolSize: 4 });
  opened.push(first);
  await migrateToLatest(first);
  return {
    url,
    open() {
      const database = openDatabase(url, { poolSize: 4 });
      opened.push(database);
      return database;
    },
    async close() {
      for (const database of opened) await database.close();
      await cleanup();
    },
  };
}

/** An admin captures the Rising Stars lists through the trigger route; resolves once the run succeeded. */
export async function captureRisingStars(t: TestApp, adminToken: string): Promise<number> {
  const trigger = await call<{ data: { jobId: number } }>(t.app, {
    method: 'POST',
    url: '/api/admin/trigger/rising-stars-scrape',
    token: adminToken,
  });
  if (trigger.status !== 202) throw new Error(`the capture was refused: ${JSON.stringify(trigger.body)}`);
  const run = await t.services.runner.waitFor(trigger.body.data.jobId, 15_000);
  if (run?.status !== 'succeeded') throw new Error(`the capture ended ${run?.status}: ${run?.error}`);
  return trigger.body.data.jobId;
}

/**
 * Stores a Rising Stars capture of some lists (fictions by Royal Road id, in rank order; unknown ones are
 * created) straight through the repository, left running or finished as `status`.
 */
export async function storeCapture(
  t: TestApp,
  capturedAt: string,
  lists: Record<string, number[]>,
  status: CaptureStatus,
): Promise<void> {
  const risingStars = t.services.risingStars;
  const captureId = await risingStars.createCapture({
    capturedAt,
    genresTotal: Object.keys(lists).length,
    jobRunId: null,
  });
  for (const [genre, royalroadIds] of Object.entries(lists)) {
    await risingStars.saveGenreList({
      captureId,
      genre,
      now: capturedAt,
      items: royalroadIds.map((royalroadId, index) => ({
        position: index + 1,
        royalroadId,
        title: `Fiction ${royalroadId}`,
        imageUrl: null,
        type: null,
        status: null,
        tags: [],
        followers: null,
        rating: null,
        pages: null,
        views: null,
        chapters: null,
        lastUpdate: null,
        description: null,
      })),
    });
  }
  if (status !== 'running') await risingStars.finishCapture(captureId, status, capturedAt);
}

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase, dropTestDatabase } from './postgres.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** Which database the API suite runs on: SQLite in memory by default, PostgreSQL with TEST_DATABASE=postgres. */
export const testDialect = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh, migrated database and an app built on it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  let databaseUrl = 'sqlite::memory:';
  let dropName: string | undefined;
  if (testDialect === 'postgres') {
    const created = await createTestDatabase(inject('pgRunId'));
    databaseUrl = created.url;
    dropName = created.name;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    SCHEDULER: 'off',
    ...env,
  });
  const database = openDatabase(config.databaseUrl, { poolSize: 4 });
  await migrateToLatest(database);
  const clock = {
    now: new Date('2026-11-21T12:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, now: () => clock.now });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      if (dropName) await dropTestDatabase(dropName);
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

let emailCounter = 0;
export const STRONG_PASSWORD = 'Readers4ever';

/** Registers an account and returns its token and user. */
export async function registerUser(app: FastifyInstance, overrides: { email?: string; name?: string } = {}) {
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
  return { token: response.body.data.token, user: response.body.data.user, email };
}

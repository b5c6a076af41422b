import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { postgresAdminUrl } from '../../../test/postgres.ts';
import { startTcpProxy } from '../../../test/tcp-proxy.ts';
import { call, createTestApp, testDialect } from '../../../test/test-app.ts';
import { migrations } from '../../db/migrations/index.ts';

// Liveness and readiness, for a load balancer and an orchestrator, beside the detailed /api/health.

const t = testAppForEach(() => createTestApp());

describe('liveness', () => {
  it('answers 200 while the process answers, and is never kept by a cache', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/health/live' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { status: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('still answers 200 while the instance drains', async () => {
    t.core.drain.start();
    expect((await call(t.app, { method: 'GET', url: '/api/health/live' })).status).toBe(200);
  });
});

describe('readiness', () => {
  it('answers 200 when the database answers and has every migration', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/health/ready' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { status: 'ready' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("answers 503 'draining' from the moment the instance starts shutting down", async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/health/ready' })).status).toBe(200);
    t.core.drain.start();
    const response = await call(t.app, { method: 'GET', url: '/api/health/ready' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      success: false,
      error: 'This instance is shutting down and takes no new work.',
      reason: 'draining',
    });
    // The detailed health answer is as it was.
    expect((await call(t.app, { method: 'GET', url: '/api/health' })).status).toBe(200);
  });

  it("answers 503 'migrations' while the database lacks a migration of this version", async () => {
    // The migrations' own table, as Kysely's migrator keeps it: one row per applied migration.
    const table = t.database.db as unknown as Kysely<{
      kysely_migration: { name: string; timestamp: string };
    }>;
    const latest = Object.keys(migrations).sort().at(-1) as string;
    const row = await table
      .selectFrom('kysely_migration')
      .selectAll()
      .where('name', '=', latest)
      .executeTakeFirstOrThrow();
    await table.deleteFrom('kysely_migration').where('name', '=', latest).execute();
    try {
      const response = await call(t.app, { method: 'GET', url: '/api/health/ready' });
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ success: false, reason: 'migrations' });
      expect((response.body as { error: string }).error).toContain(latest);
    } finally {
      // The database goes on to the next test (PostgreSQL) as it came.
      await table.insertInto('kysely_migration').values(row).execute();
    }
  });
});

describe.skipIf(testDialect !== 'postgres')('readiness without the database', () => {
  it("answers 503 'database' while PostgreSQL is down, and 200 again once it is back", async () => {
    const admin = new URL(postgresAdminUrl());
    const proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    const app = await createTestApp({}, { databaseUrl: (url) => proxy.rewrite(url) });
    try {
      expect((await call(app.app, { method: 'GET', url: '/api/health/ready' })).status).toBe(200);
      await proxy.cut('refuse');
      const down = await call(app.app, { method: 'GET', url: '/api/health/ready' });
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        success: false,
        error: 'The database is not reachable right now.',
        reason: 'database',
      });
      // Still alive: an orchestrator must not restart a process for its database's outage.
      expect((await call(app.app, { method: 'GET', url: '/api/health/live' })).status).toBe(200);
      await proxy.restore();
      expect((await call(app.app, { method: 'GET', url: '/api/health/ready' })).status).toBe(200);
    } finally {
      await proxy.restore();
      await app.close();
      await proxy.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile } from '../../test/hooks.ts';
import {
  call,
  collectingLogger,
  createSharedTestDatabase,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  testClient,
  testDialect,
} from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { createCore } from '../composition.ts';
import { loadConfig } from '../config.ts';
import { usersRepository } from '../features/auth/users.repository.ts';
import { CHANGE_CHANNEL, LISTENER_NAME } from './change-bus.ts';
import type { Database } from './database.ts';

const fake = fakeRoyalRoadForFile();
const BOSS = 'boss@example.com';

/**
 * Two instances of the site on one database: two apps, each with its own pool and change bus, as two
 * processes would have. On SQLite one process is the rule: there the same app answers as "both", and what is
 * shown is that a change is seen at once within it.
 */
interface Instances {
  a: FastifyInstance;
  b: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

async function startInstances(): Promise<Instances> {
  const shared = await createSharedTestDatabase();
  const clock = new Date('2026-11-21T12:00:00.000Z');
  const logs: string[] = [];
  const start = async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: shared.url,
      JWT_SECRET: TEST_JWT_SECRET,
      SCHEDULER: 'off',
      REGISTRATION_RATE_LIMIT: '100000',
      ROYALROAD_BASE_URL: fake.url,
      ADMIN_EMAILS: BOSS,
    });
    const database = shared.open();
    const core = createCore({
      config,
      database,
      log: collectingLogger(logs),
      // The clock stands still: a kept answer never expires by itself here, only by being told to.
      now: () => clock,
      client: testClient(config.royalroad.baseUrl),
      genres: ['main'],
    });
    const app = await buildApp({ config, core, jwtSecret: TEST_JWT_SECRET, now: () => clock });
    await app.ready();
    // Both listen before the test begins (until then nothing is kept, which would prove nothing).
    const listening = Date.now();
    while (!app.changes.coherent) {
      if (Date.now() - listening > 5_000) throw new Error('the change bus never listened');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { app, core, database };
  };
  const first = await start();
  const second = testDialect === 'postgres' ? await start() : first;
  return {
    a: first.app,
    b: second.app,
    database: first.database,
    async close() {
      for (const instance of new Set([first, second])) {
        await instance.app.close();
        await instance.core.runner.stop();
      }
      await shared.close();
    },
  };
}

let emails = 0;
async function signUp(i: Instances, email = `reader${++emails}@example.com`) {
  const response = await call<{ data: { token: string; user: { id: number } } }>(i.a, {
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(response.status).toBe(201);
  await usersRepository(i.database.db).verifyAddress(email, new Date().toISOString());
  await noticesDelivered(i);
  return { token: response.body.data.token, id: response.body.data.user.id, email };
}

let markers = 0;
/**
 * Waits until B has heard every notice sent so far (the database delivers them in commit order: a marker sent
 * now arrives after them), so a notice of the sign-up never lands after a test has started reading through B.
 * On SQLite notices are told within the process at once.
 */
async function noticesDelivered(i: Instances) {
  if (!i.b.changes.shared) return;
  const marker = String(++markers);
  let heard!: () => void;
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = i.b.changes.subscribe('test-marker', (key) => {
    if (key === marker) heard();
  });
  try {
    await i.a.changes.publish('test-marker', marker);
    await Promise.race([
      arrived,
      new Promise((_, reject) => setTimeout(() => reject(new Error('B never heard the marker')), 10_000)),
    ]);
  } finally {
    stop();
  }
}

async function signIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const response = await call<{ data: { token: string } }>(app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(response.status).toBe(200);
  return response.body.data.token;
}

/** A signed-in read that changes nothing (the profile would mark the account seen, which is a change). */
const profile = (app: FastifyInstance, token: string) =>
  call(app, { method: 'GET', url: '/api/userFictions', token });

describe(`a change through one instance is seen through every other at once (${testDialect})`, () => {
  let i: Instances;
  beforeEach(async () => {
    i = await startInstances();
  });
  afterEach(async () => {
    await i.close();
  });

  it('a favorite reorder through A is read back through B', async () => {
    const reader = await signUp(i);
    const [first, second] = fake.site.risingStars('main') ?? [];
    for (const id of [first, second]) {
      const added = await call(i.a, {
        method: 'POST',
        url: '/api/royalroad/add-fiction',
        payload: { url: String(id) },
        token: reader.token,
      });
      expect(added.status).toBe(201);
    }
    const favorites = async (app: FastifyInstance) => {
      const response = await call<{ data: { userFictions: Array<{ fiction_id: number }> } }>(app, {
        method: 'GET',
        url: '/api/userFictions/favorites?limit=1000',
        token: reader.token,
      });
      expect(response.status).toBe(200);
      return response.body.data.userFictions.map((entry) => entry.fiction_id);
    };
    const before = await favorites(i.b);
    expect(before).toHaveLength(2);
    const reordered = [...before].reverse();
    const reorder = await call(i.a, {
      method: 'POST',
      url: '/api/userFictions/favorites/reorder',
      payload: { fictionIds: reordered },
      token: reader.token,
    });
    expect(reorder.status).toBe(200);
    expect(await favorites(i.b)).toEqual(reordered);
  });

  it.runIf(testDialect === 'postgres')(
    'a notice committed before a catch-up has been heard when it ends, every time',
    async () => {
      let heard = 0;
      const stop = i.b.changes.subscribe('test-marker', () => {
        heard += 1;
      });
      try {
        for (let sent = 1; sent <= 200; sent += 1) {
          // As a trigger sends it when another instance's write commits.
          await sql`select pg_notify(${CHANGE_CHANNEL}, ${`|test-marker:${sent}`})`.execute(i.database.db);
          await i.b.changes.caughtUp();
          expect(heard).toBe(sent);
        }
      } finally {
        stop();
      }
    },
  );

  it('signing out through A is refused by B at once', async () => {
    const reader = await signUp(i);
    expect((await profile(i.b, reader.token)).status).toBe(200);
    expect((await call(i.a, { method: 'POST', url: '/api/auth/logout', token: reader.token })).status).toBe(
      200,
    );
    expect((await profile(i.b, reader.token)).status).toBe(401);
  });

  it('a new password set through A ends the sessions B serves', async () => {
    const reader = await signUp(i);
    const elsewhere = await signIn(i.b, reader.email);
    expect((await profile(i.b, elsewhere)).status).toBe(200);
    const changed = await call<{ data: { token: string } }>(i.a, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Another4ever!' },
      token: reader.token,
    });
    expect(changed.status).toBe(200);
    expect((await profile(i.b, elsewhere)).status).toBe(401);
    expect((await profile(i.b, changed.body.data.token)).status).toBe(200);
  });

  it('administrator rights revoked through A are refused by B', async () => {
    const boss = await signUp(i, BOSS);
    const helper = await signUp(i);
    const grant = (admin: boolean) =>
      call(i.a, {
        method: 'PUT',
        url: `/api/admin/users/${helper.id}/admin`,
        payload: { admin },
        token: boss.token,
      });
    expect((await grant(true)).status).toBe(200);
    const statistics = () => call(i.b, { method: 'GET', url: '/api/admin/statistics', token: helper.token });
    expect((await statistics()).status).toBe(200);
    expect((await grant(false)).status).toBe(200);
    expect((await statistics()).status).toBe(403);
  });

  it('a public answer kept by B changes after an update through A', async () => {
    const boss = await signUp(i, BOSS);
    const royalroadId = fake.site.risingStars('main')?.[0] as number;
    const scrape = async () => {
      const accepted = await call<{ data: { jobId: number } }>(i.a, {
        method: 'POST',
        url: `/api/admin/manual-scrape/${royalroadId}`,
        token: boss.token,
      });
      expect(accepted.status).toBe(202);
      return accepted.body.data.jobId;
    };
    const page = async () => {
      const response = await call<{ data: { followers: number | null } }>(i.b, {
        method: 'GET',
        url: `/api/fictions/${royalroadId}`,
      });
      expect(response.status).toBe(200);
      return response.body.data.followers;
    };
    await waitForRun(i, await scrape());
    const followers = (fake.site.fiction(royalroadId)?.stats.followers ?? 0) as number;
    expect(await page()).toBe(followers);
    // B keeps its answer: a change written behind every instance's back is not seen...
    await sql`update fictions set followers = ${followers + 1} where royalroad_id = ${royalroadId}`.execute(
      i.database.db,
    );
    expect(await page()).toBe(followers);
    // ...but one made through A is, at once.
    fake.site.setStats(royalroadId, { followers: followers + 500 });
    const jobId = await scrape();
    await waitForRun(i, jobId);
    expect(await page()).toBe(followers + 500);
  });

  it.runIf(testDialect === 'postgres')(
    'B keeps the account behind a session, and a session ended without a notification is still refused by A',
    async () => {
      const reader = await signUp(i);
      expect((await profile(i.b, reader.token)).status).toBe(200);
      // The database tells nobody: B goes on with what it kept (for at most KEPT_ACCOUNT_TTL_MS)...
      await endSessionsUnannounced(i, reader.id);
      expect((await profile(i.b, reader.token)).status).toBe(200);
      // ...while A, which kept nothing, asks the database and refuses it.
      expect((await profile(i.a, reader.token)).status).toBe(401);
    },
  );

  it.runIf(testDialect === 'postgres')(
    'an instance whose listener lost its connection keeps nothing until it listens again',
    async () => {
      const reader = await signUp(i);
      expect((await profile(i.b, reader.token)).status).toBe(200);
      await endSessionsUnannounced(i, reader.id);
      expect((await profile(i.b, reader.token)).status).toBe(200);
      // Every listener's connection is cut (both instances'): neither may answer from what it kept.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(i.database.db);
      const cut = Date.now();
      while (i.b.changes.coherent && Date.now() - cut < 5_000)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await profile(i.b, reader.token)).status).toBe(401);
      // Listening again, it starts from nothing.
      const again = Date.now();
      while (!i.b.changes.coherent) {
        if (Date.now() - again > 10_000) throw new Error('the change bus did not listen again');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await profile(i.b, reader.token)).status).toBe(401);
    },
  );
});

/** Ends every session of the account without the database telling anyone (as a lost notification would). */
async function endSessionsUnannounced(i: Instances, userId: number) {
  await sql`alter table sessions disable trigger sessions_ended`.execute(i.database.db);
  try {
    await sql`delete from sessions where user_id = ${userId}`.execute(i.database.db);
  } finally {
    await sql`alter table sessions enable trigger sessions_ended`.execute(i.database.db);
  }
}

/** Waits for a job A's runner executes. */
async function waitForRun(i: Instances, jobId: number) {
  const started = Date.now();
  for (;;) {
    const row = await i.database.db
      .selectFrom('job_runs')
      .select('status')
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (row && row.status !== 'queued' && row.status !== 'running') {
      expect(row.status).toBe('succeeded');
      return;
    }
    if (Date.now() - started > 15_000) throw new Error(`job ${jobId} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

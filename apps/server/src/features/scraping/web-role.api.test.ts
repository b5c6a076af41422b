import { afterEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile } from '../../../test/hooks.ts';
import {
  call,
  collectingLogger,
  createSharedTestDatabase,
  createTestApp,
  registerUser,
  type TestApp,
  testClient,
} from '../../../test/test-app.ts';
import { createCore } from '../../composition.ts';
import { loadConfig } from '../../config.ts';

// A web instance (ROLE=web) never calls Royal Road itself: a reader's add of a fiction the site has never
// seen is queued as a run that a worker claims and reads in its own interactive queue, and the web instance
// answers as it would have (201 with the fiction, 404 for a fiction Royal Road does not have).

const fake = fakeRoyalRoadForFile();
let shared: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
let web: TestApp | undefined;
afterEach(async () => {
  await web?.close();
  web = undefined;
  await shared?.close();
  shared = undefined;
});

describe('a reader adding a fiction through a web instance', () => {
  it('is read from Royal Road by a worker, and answered as before', async () => {
    shared = await createSharedTestDatabase();
    const url = shared.url;
    web = await createTestApp(
      { ROYALROAD_BASE_URL: fake.url, ROLE: 'web' },
      { databaseUrl: () => url, client: testClient(fake.url, { userAgent: 'web-instance' }) },
    );
    const worker = createCore({
      config: loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: url,
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
        SCHEDULER: 'off',
        ROLE: 'worker',
        ROYALROAD_BASE_URL: fake.url,
      }),
      database: shared.open(),
      log: collectingLogger([]),
      client: testClient(fake.url, { userAgent: 'worker' }),
    });
    // The worker takes queued runs as it polls.
    let polling = true;
    const poll = (async () => {
      while (polling) {
        await worker.runner.pump();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    try {
      const reader = await registerUser(web.app);
      const id = fake.site.addFiction().id;
      const added = await call<{ data: { fiction: { royalroad_id: number } } }>(web.app, {
        method: 'POST',
        url: '/api/royalroad/add-fiction',
        token: reader.token,
        payload: { url: `https://www.royalroad.com/fiction/${id}` },
      });
      expect(added.status).toBe(201);
      expect(added.body.data.fiction.royalroad_id).toBe(id);

      const missing = await call<{ error: string }>(web.app, {
        method: 'POST',
        url: '/api/royalroad/add-fiction',
        token: reader.token,
        payload: { url: 'https://www.royalroad.com/fiction/99999999' },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Royal Road has no fiction at that address.');

      // Every request to Royal Road came from the worker.
      expect(fake.requests.length).toBeGreaterThanOrEqual(2);
      expect(fake.requests.map((request) => request.userAgent)).toEqual(fake.requests.map(() => 'worker'));
      const runs = await worker.repositories.runs.list({ offset: 0, limit: 10 });
      expect(runs.rows.map((run) => run.trigger)).toEqual(['add', 'add']);
    } finally {
      polling = false;
      await poll;
      await worker.runner.stop();
    }
  }, 60_000);
});

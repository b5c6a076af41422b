import type { JobRun, RefreshStatus } from '@rrc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import {
  call,
  captureRisingStars,
  collectingLogger,
  createTestApp,
  registerUser,
} from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { createCore } from '../../composition.ts';

// A reader's "Refresh now": for fictions whose data is older than 6 hours, 10 a day per reader, counted in the
// database; followed through the reader's own status endpoint.

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() =>
  createTestApp(
    { ROYALROAD_BASE_URL: fake.url, ADMIN_EMAILS: 'boss@example.com' },
    { genres: ['main', 'fantasy'] },
  ),
);
let reader: { token: string; user: { id: number } };
/** Royal Road ids of fictions the site knows from the Rising Stars lists only (never read from their page). */
let stale: number[];

const HOUR = 3_600_000;

beforeEach(async () => {
  const admin = await registerUser(t.app, { email: 'boss@example.com' });
  reader = await registerUser(t.app);
  await captureRisingStars(t, admin.token);
  stale = (fake.site.risingStars('main') ?? []).slice(0, 20);
  fake.requests.length = 0;
});

const refresh = (royalroadId: number, token = reader.token) =>
  call<{ data: JobRun | { jobId: number; job: JobRun }; error?: string }>(t.app, {
    method: 'POST',
    url: `/api/fictions/${royalroadId}/refresh`,
    token,
  });
const status = async (royalroadId: number, token = reader.token) => {
  const response = await call<{ data: RefreshStatus }>(t.app, {
    method: 'GET',
    url: `/api/fictions/${royalroadId}/refresh`,
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data;
};
const runCount = async () =>
  (await t.database.db.selectFrom('job_runs').select('id').where('job', '=', 'fiction').execute()).length;

describe('a reader refreshing a fiction', () => {
  it('refreshes a fiction never read from its page, and sees when it was updated and the job that did it', async () => {
    const id = stale[0] as number;
    expect(await status(id)).toEqual({
      royalroad_id: id,
      last_updated_at: null,
      refreshable_at: null,
      refreshes: { used: 0, limit: 10, next_at: null },
      job: null,
    });

    const response = await refresh(id);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ job: 'fiction', trigger: 'refresh', status: 'succeeded' });
    expect(fake.requests.map((request) => request.path)).toEqual([`/fiction/${id}`]);

    const now = t.clock.now.toISOString();
    const after = await status(id);
    expect(after).toMatchObject({
      last_updated_at: now,
      refreshable_at: new Date(t.clock.now.getTime() + 6 * HOUR).toISOString(),
      refreshes: { used: 1, limit: 10, next_at: null },
      job: { id: (response.body.data as JobRun).id, status: 'succeeded', trigger: 'refresh' },
    });
    expect((await t.services.fictions.findByRoyalroadId(id))?.last_scraped_at).toBe(now);
  });

  it('refuses a fiction updated less than 6 hours ago, without counting it, and takes it again after', async () => {
    const id = stale[0] as number;
    expect((await refresh(id)).status).toBe(200);

    const tooSoon = await refresh(id);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body).toEqual({
      success: false,
      error: 'This fiction was updated less than 6 hours ago. You can refresh it again in about 6 hours.',
    });
    t.clock.advance(6 * HOUR - 30_000);
    expect((await refresh(id)).body.error).toBe(
      'This fiction was updated less than 6 hours ago. You can refresh it again in a minute.',
    );
    expect(await runCount()).toBe(1);
    expect(fake.requests).toHaveLength(1);

    t.clock.advance(60_000);
    expect((await refresh(id)).status).toBe(200);
    expect((await status(id)).refreshes.used).toBe(2);
  });

  it('follows a refresh under way through the status, with its progress', async () => {
    const id = stale[0] as number;
    fake.behave({ path: `/fiction/${id}`, delayMs: 1_500, times: 1 });
    const pending = refresh(id);
    let seen: RefreshStatus | undefined;
    for (let tries = 0; tries < 50 && !seen?.job; tries++) {
      seen = await status(id);
      if (!seen.job) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen?.job).toMatchObject({ trigger: 'refresh', progress: { done: 0 } });
    expect(['queued', 'running']).toContain(seen?.job?.status);
    const finished = await pending;
    expect(finished.status).toBe(200);
    expect(await status(id)).toMatchObject({ job: { status: 'succeeded', progress: { done: 1, total: 1 } } });
  });

  it('shares a refresh already under way for the fiction rather than asking Royal Road twice or counting it', async () => {
    const id = stale[0] as number;
    const other = await registerUser(t.app);
    fake.behave({ path: `/fiction/${id}`, delayMs: 1_000, times: 1 });
    const first = refresh(id);
    while ((await runCount()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await refresh(id, other.token);
    const [a] = await Promise.all([first]);
    expect(second.status).toBe(200);
    expect((second.body.data as JobRun).id).toBe((a.body.data as JobRun).id);
    expect(fake.requests.filter((request) => request.path === `/fiction/${id}`)).toHaveLength(1);
    expect((await status(id, other.token)).refreshes.used).toBe(0);
  });

  it('allows 10 refreshes a day per reader, kept in the database so a restart forgets nothing', async () => {
    for (const id of stale.slice(0, 10)) expect((await refresh(id)).status).toBe(200);
    const eleventh = await refresh(stale[10] as number);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({
      success: false,
      error: 'You have used your 10 refreshes for today. You can refresh again in about 24 hours.',
    });
    expect(Number(eleventh.headers['retry-after'])).toBe(24 * 3600);
    expect(await status(stale[10] as number)).toMatchObject({
      refreshes: {
        used: 10,
        limit: 10,
        next_at: t.clock.now.toISOString().replace(/^2026-11-21/, '2026-11-22'),
      },
    });
    expect(fake.requests).toHaveLength(10);

    // Another reader has their own ten.
    const other = await registerUser(t.app);
    expect((await refresh(stale[10] as number, other.token)).status).toBe(200);

    // The same database behind a new process: the count is still there.
    const core = createCore({
      config: t.config,
      database: t.database,
      log: collectingLogger([]),
      now: () => t.clock.now,
    });
    const restarted = await buildApp({
      config: t.config,
      core,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      now: () => t.clock.now,
    });
    try {
      const again = await call<{ error: string }>(restarted, {
        method: 'POST',
        url: `/api/fictions/${stale[11]}/refresh`,
        token: reader.token,
      });
      expect(again.status).toBe(429);
      expect(again.body.error).toMatch(/^You have used your 10 refreshes for today/);
    } finally {
      await restarted.close();
      await core.runner.stop();
    }

    // A day after the first one, one refresh is free again.
    t.clock.advance(24 * HOUR + 1_000);
    expect((await refresh(stale[11] as number)).status).toBe(200);
  });

  it('does not count a refresh that failed because Royal Road could not be reached', async () => {
    const id = stale[0] as number;
    fake.behave({ path: `/fiction/${id}`, status: 500 });
    const failed = await refresh(id);
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ trigger: 'refresh', status: 'failed' });
    expect(await status(id)).toMatchObject({
      last_updated_at: null,
      refreshable_at: null,
      refreshes: { used: 0, limit: 10, next_at: null },
      job: { id: (failed.body.data as JobRun).id, status: 'failed' },
    });

    // Failures never use up the day: after ten of them the reader still has all ten.
    for (let tries = 0; tries < 10; tries++)
      expect((await refresh(id)).body.data).toMatchObject({ status: 'failed' });
    expect((await status(id)).refreshes).toEqual({ used: 0, limit: 10, next_at: null });
    for (const other of stale.slice(1, 11)) {
      expect((await refresh(other)).body.data).toMatchObject({ status: 'succeeded' });
    }
    expect((await status(stale[11] as number)).refreshes.used).toBe(10);
    expect((await refresh(stale[11] as number)).status).toBe(429);
  });

  it('cannot pass the daily limit with requests sent all at once', async () => {
    const answers = await Promise.all(stale.slice(0, 15).map((id) => refresh(id)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((code) => code === 200 || code === 202)).toHaveLength(10);
    expect(statuses.filter((code) => code === 429)).toHaveLength(5);
    const counted = await t.database.db
      .selectFrom('job_runs')
      .select('id')
      .where('requested_by', '=', reader.user.id)
      .execute();
    expect(counted).toHaveLength(10);
  });

  it("answers busy with a minute to wait when Royal Road's interactive queue is full, and counts nothing", async () => {
    // 21 slow look-ups: one under way, twenty waiting.
    fake.behave({ path: /^\/fiction\/\d+$/, delayMs: 150, times: 21 });
    const queued = fake.site
      .fictions()
      .slice(0, 21)
      .map((fiction) => t.services.client.get(`/fiction/${fiction.id}`, { queue: 'interactive' }));
    expect(t.services.client.queues.sizes.interactive).toBe(20);
    const busy = await refresh(stale[0] as number);
    expect(busy.status).toBe(503);
    expect(busy.body).toEqual({
      success: false,
      error: 'Royal Road is busy right now. Please try again in a minute.',
    });
    expect(busy.headers['retry-after']).toBe('60');
    expect(await runCount()).toBe(0);
    await Promise.all(queued);
    expect((await refresh(stale[0] as number)).status).toBe(200);
  });

  it('is for signed-in readers, about fictions the site knows, with a clear message for a bad id', async () => {
    const id = stale[0] as number;
    for (const method of ['GET', 'POST'] as const) {
      const url = `/api/fictions/${id}/refresh`;
      expect((await call(t.app, { method, url })).status).toBe(401);
      const unknown = await call(t.app, {
        method,
        url: '/api/fictions/999999999/refresh',
        token: reader.token,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        success: false,
        error: 'Fiction not found. Add it from its Royal Road link first.',
      });
      const bad = await call(t.app, { method, url: '/api/fictions/abc/refresh', token: reader.token });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ success: false, error: 'The Royal Road fiction id must be a number.' });
    }
    expect(fake.requests).toHaveLength(0);
    expect(await runCount()).toBe(0);
  });
});

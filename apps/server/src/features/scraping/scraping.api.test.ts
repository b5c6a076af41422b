import type { JobRun } from '@rrc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() =>
  createTestApp({ ROYALROAD_BASE_URL: fake.url, ADMIN_EMAILS: 'boss@example.com' }, { genres: GENRES }),
);
let admin: { token: string };
let reader: { token: string };

const GENRES = ['main', 'action', 'fantasy'];

beforeEach(async () => {
  admin = await registerUser(t.app, { email: 'boss@example.com' });
  reader = await registerUser(t.app);
});

async function finished(jobId: number): Promise<JobRun> {
  const row = await t.services.runner.waitFor(jobId, 15_000);
  const response = await call<{ data: JobRun }>(t.app, {
    method: 'GET',
    url: `/api/admin/jobs/${jobId}`,
    token: admin.token,
  });
  expect(row?.status).not.toBe('running');
  return response.body.data;
}

async function triggerRisingStars(): Promise<JobRun> {
  const response = await call<{ data: { jobId: number } }>(t.app, {
    method: 'POST',
    url: '/api/admin/trigger/rising-stars-scrape',
    token: admin.token,
  });
  expect(response.status).toBe(202);
  return finished(response.body.data.jobId);
}

const countRows = async (table: 'fiction_snapshots' | 'fictions' | 'rising_star_entries') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('manual fiction scrape', () => {
  it('answers 202 with a job that stores the fiction and one snapshot per scrape', async () => {
    const response = await call<{ data: { jobId: number; job: JobRun } }>(t.app, {
      method: 'POST',
      url: '/api/admin/manual-scrape/192682',
      token: admin.token,
    });
    expect(response.status).toBe(202);
    expect(response.body.data.job).toMatchObject({
      job: 'fiction',
      trigger: 'manual',
      params: { royalroadId: 192682 },
    });
    const job = await finished(response.body.data.jobId);
    expect(job.status).toBe('succeeded');
    expect(job.counts).toMatchObject({ royalroad_id: 192682, created: true });

    const fiction = await t.services.fictions.findByRoyalroadId(192682);
    expect(fiction).toMatchObject({
      title: 'Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]',
      author_name: 'Roobit',
      author_id: 1073541,
      followers: 3303,
      favorites: 565,
      ratings: 273,
      pages: 258,
      total_views: 216070,
      average_views: 8003,
      style_score: 4.8,
      chapter_count: 27,
      status: 'ONGOING',
      type: 'Original',
    });
    expect(JSON.parse(fiction?.tags ?? '[]')).toHaveLength(17);
    expect(JSON.parse(fiction?.warnings ?? '[]')).toEqual(['Graphic Violence']);
    expect(await countRows('fiction_snapshots')).toBe(1);

    fake.site.setStats(192682, { followers: 3400 });
    t.clock.advance(60_000);
    const again = await call<{ data: { jobId: number } }>(t.app, {
      method: 'POST',
      url: '/api/admin/manual-scrape/192682',
      token: admin.token,
    });
    expect((await finished(again.body.data.jobId)).status).toBe('succeeded');
    expect(await countRows('fiction_snapshots')).toBe(2);
    expect((await t.services.fictions.findByRoyalroadId(192682))?.followers).toBe(3400);
  });

  it('records a missing fiction as a failed job and writes nothing', async () => {
    const response = await call<{ data: { jobId: number } }>(t.app, {
      method: 'POST',
      url: '/api/admin/manual-scrape/999999',
      token: admin.token,
    });
    const job = await finished(response.body.data.jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/404/);
    expect(await countRows('fictions')).toBe(0);
  });

  it('is for admins only, and checks the id', async () => {
    const url = '/api/admin/manual-scrape/192682';
    expect((await call(t.app, { method: 'POST', url })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url, token: reader.token })).status).toBe(403);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/trigger/rising-stars-scrape',
          token: reader.token,
        })
      ).status,
    ).toBe(403);
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/admin/manual-scrape/abc',
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, error: 'The Royal Road fiction id must be a number.' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Rising Stars capture', () => {
  it('stores every list under one captured_at and creates fictions seen only in lists', async () => {
    const job = await triggerRisingStars();
    expect(job.status).toBe('succeeded');
    expect(job.counts).toMatchObject({ lists: 3, lists_failed: 0, entries: 150 });
    const captures = await t.database.db.selectFrom('rising_star_captures').selectAll().execute();
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ status: 'complete', genres_total: 3, genres_captured: 3 });
    expect(await countRows('rising_star_entries')).toBe(150);
    expect(await countRows('fictions')).toBe(job.counts.fictions_created);
    expect(await countRows('fiction_snapshots')).toBe(0);

    const top = await call<{
      data: { captured_at: string; entries: Array<{ royalroad_id: number; position: number }> };
    }>(t.app, {
      method: 'GET',
      url: '/api/rising-stars/top',
    });
    expect(top.body.data.captured_at).toBe(captures[0]?.captured_at);
    expect(top.body.data.entries.map((entry) => entry.position)).toEqual([1, 2, 3, 4, 5]);
    expect(top.body.data.entries.map((entry) => entry.royalroad_id)).toEqual(
      fake.site.risingStars('main')?.slice(0, 5),
    );
  });

  it('gives badge data for many fictions in one request, with the previous position', async () => {
    await triggerRisingStars();
    const main = fake.site.risingStars('main') ?? [];
    // The next capture: the first two swap places.
    fake.site.setRisingStars('main', [main[1] as number, main[0] as number, ...main.slice(2)]);
    t.clock.advance(6 * 3_600_000);
    await triggerRisingStars();

    const first = await t.services.fictions.findByRoyalroadId(main[0] as number);
    const second = await t.services.fictions.findByRoyalroadId(main[1] as number);
    type Badges = {
      data: {
        captured_at: string;
        badges: Record<string, Array<{ genre: string; position: number; previous_position: number | null }>>;
      };
    };
    const response = await call<Badges>(t.app, {
      method: 'GET',
      url: `/api/rising-stars/latest?fictionIds=${first?.id},${second?.id},99999`,
    });
    expect(response.status).toBe(200);
    const mainBadge = (id: number | undefined) =>
      response.body.data.badges[String(id)]?.find((badge) => badge.genre === 'main');
    expect(mainBadge(first?.id)).toMatchObject({ position: 2, previous_position: 1 });
    expect(mainBadge(second?.id)).toMatchObject({ position: 1, previous_position: 2 });
    expect(response.body.data.badges['99999']).toBeUndefined();

    const history = await call<{ data: Array<{ genre: string; position: number }> }>(t.app, {
      method: 'GET',
      url: `/api/rising-stars/fiction/${first?.id}`,
    });
    expect(
      history.body.data.filter((record) => record.genre === 'main').map((record) => record.position),
    ).toEqual([1, 2]);

    const range = await call<{ data: { entries: unknown[] } }>(t.app, {
      method: 'GET',
      url: '/api/rising-stars?genre=main',
    });
    expect(range.body.data.entries).toHaveLength(100);
  });

  it('runs one capture at a time: a second trigger follows the one under way', async () => {
    const trigger = () =>
      call<{ data: { jobId: number } }>(t.app, {
        method: 'POST',
        url: '/api/admin/trigger/rising-stars-scrape',
        token: admin.token,
      });
    const [first, second] = await Promise.all([trigger(), trigger()]);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.data.jobId).toBe(first.body.data.jobId);
    const runs = await t.database.db
      .selectFrom('job_runs')
      .select('id')
      .where('job', '=', 'rising-stars')
      .execute();
    expect(runs).toHaveLength(1);
    await finished(first.body.data.jobId);
    await finished(second.body.data.jobId);
    const captures = await t.database.db.selectFrom('rising_star_captures').selectAll().execute();
    expect(captures).toHaveLength(1);
  });

  it('keeps going when one list fails, and says which', async () => {
    fake.behave({ path: '/fictions/rising-stars?genre=action', status: 500 });
    const job = await triggerRisingStars();
    expect(job.status).toBe('partial');
    expect(job.counts).toMatchObject({ lists: 2, lists_failed: 1 });
    expect(job.error).toMatch(/^action: Royal Road answered 500/);
    const capture = await t.database.db
      .selectFrom('rising_star_captures')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(capture.status).toBe('partial');
  });

  it('stops the whole run at a Cloudflare challenge and marks it failed', async () => {
    fake.behave({ path: '/fictions/rising-stars?genre=action', page: 'cloudflare' });
    const job = await triggerRisingStars();
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/Stopped after 1 of 3 lists: Royal Road answered with a Cloudflare challenge/);
    // The list after the challenge was never requested.
    expect(fake.requests.map((request) => request.path)).not.toContain(
      '/fictions/rising-stars?genre=fantasy',
    );
  });

  it('rejects bad queries with 400', async () => {
    for (const [url, message] of [
      ['/api/rising-stars?genre=nonsense', 'genre is not a Rising Stars list.'],
      [
        '/api/rising-stars?startDate=2026-01-01&endDate=2026-06-01',
        'The date range may span at most 90 days.',
      ],
      ['/api/rising-stars?startDate=yesterday', 'startDate must be a date (YYYY-MM-DD or ISO 8601).'],
      ['/api/rising-stars/latest?fictionIds=1,two', 'fictionIds must be fiction ids separated by commas.'],
      ['/api/rising-stars/top?limit=500', 'limit must be at most 50.'],
      ['/api/rising-stars/fiction/-3', 'fictionId must be positive.'],
    ]) {
      const response = await call(t.app, { method: 'GET', url: url as string });
      expect(response.status, url).toBe(400);
      expect(response.body).toEqual({ success: false, error: message });
    }
  });
});

describe('full refresh', () => {
  it('refreshes every tracked fiction; one that keeps failing is recorded and nothing is written for it', async () => {
    await triggerRisingStars();
    const tracked = await t.services.fictions.trackedFictions('2000-01-01T00:00:00.000Z');
    const broken = tracked[3]?.royalroadId as number;
    fake.behave({ path: new RegExp(`^/fiction/${broken}$`), status: 503 });

    const id = await t.services.runner.enqueue('all-fictions', { trigger: 'manual' });
    const job = await finished(id as number);
    expect(job.status).toBe('partial');
    expect(job.counts).toMatchObject({ tracked: tracked.length, scraped: tracked.length - 1, failed: 1 });
    expect(job.error).toContain(`${broken}: Royal Road answered 503`);

    const brokenRow = await t.services.fictions.findByRoyalroadId(broken);
    expect(brokenRow?.last_scraped_at).toBeNull();
    const snapshots = await t.database.db
      .selectFrom('fiction_snapshots')
      .select('fiction_id')
      .where('fiction_id', '=', brokenRow?.id as number)
      .execute();
    expect(snapshots).toHaveLength(0);
    expect(await countRows('fiction_snapshots')).toBe(tracked.length - 1);

    const health = await call<{ data: { jobs: Array<{ job: string; status: string }> } }>(t.app, {
      method: 'GET',
      url: '/api/health',
    });
    expect(health.body.data.jobs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ job: 'rising-stars', status: 'succeeded' }),
        expect.objectContaining({ job: 'all-fictions', status: 'partial' }),
      ]),
    );
  });
});

import type { Comparison, FictionAnalytics } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser, storeCapture } from '../../../test/test-app.ts';
import { analyticsRepository } from './analytics.repository.ts';
import { analyticsService } from './analytics.service.ts';

const t = testAppForEach(() => createTestApp());
type Failure = { success: false; error: string };

const DAY = 86_400_000;
const at = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString();

/** A fiction launched on `launch` with a chapter every other day and a snapshot a day (none on `skip`). */
async function seed(
  royalroadId: number,
  options: { launch: string; days: number; perDay: number; skip?: number[] },
) {
  const snapshots = [];
  for (let day = 1; day <= options.days; day++) {
    if (options.skip?.includes(day)) continue;
    snapshots.push({
      captured_at: at(options.launch, day),
      followers: day * options.perDay,
      total_views: day * options.perDay * 10,
      favorites: day,
      ratings: null,
      pages: 100 + day,
    });
  }
  const chapters = Array.from({ length: Math.floor(options.days / 2) }, (_, index) => ({
    royalroad_chapter_id: royalroadId * 100 + index,
    title: `Chapter ${index + 1}`,
    published_at: at(options.launch, index * 2 + 0.5),
  }));
  await t.services.fictions.importFiction({
    fiction: {
      royalroad_id: royalroadId,
      title: `Fiction ${royalroadId}`,
      tags: '["Fantasy"]',
      warnings: '[]',
    },
    snapshots,
    chapters,
    createdAt: options.launch,
  });
}

const get = <T>(url: string) => call<T>(t.app, { method: 'GET', url });

describe('GET /api/fictions/:royalroadId/analytics', () => {
  it('answers growth per day and per chapter, with nulls across a gap of more than 3 days', async () => {
    await seed(501, { launch: '2026-11-01T00:00:00.000Z', days: 20, perDay: 10, skip: [10, 11, 12, 13] });
    const { status, body } = await get<{ data: FictionAnalytics }>('/api/fictions/501/analytics');
    expect(status).toBe(200);
    const { daily, chapters, cadence, peers, rising_stars_context } = body.data;
    expect(daily).toHaveLength(16);
    expect(daily[0]).toMatchObject({ date: '2026-11-02', followers: 10, followers_gained: null });
    expect(daily[1]).toMatchObject({
      date: '2026-11-03',
      followers: 20,
      followers_gained: 10,
      views_gained: 100,
      favorites_gained: 1,
      ratings_gained: null,
      views_per_follower: 10,
    });
    // Day 14 follows day 9 after five days: a gap, not an average.
    expect(daily.find((day) => day.date === '2026-11-15')).toMatchObject({
      followers: 140,
      followers_gained: null,
    });
    expect(chapters).toHaveLength(10);
    expect(chapters[0]).toMatchObject({ title: 'Chapter 1', gap_hours: null, followers_gained: null });
    // Released on day 2.5: the snapshot of day 2 (20) to the one of day 4 (40), before the next at 4.5.
    expect(chapters[1]).toMatchObject({ title: 'Chapter 2', gap_hours: 48, followers_gained: 20 });
    expect(cadence).toMatchObject({ chapters_per_week: 2.5, median_gap_hours: 48 });
    expect(cadence.days_with_release + cadence.days_without_release).toBe(14);
    expect(peers.length_cohort).toEqual({ size: 0, min: 96, max: 144 });
    expect(peers.percentiles.followers).toEqual({ length: null, age: null });
    expect(rising_stars_context.overall.fictions).toBe(0);
    expect(rising_stars_context.genres.map((genre) => genre.genre)).toEqual(['fantasy']);

    const week = await get<{ data: FictionAnalytics }>('/api/fictions/501/analytics?range=7d');
    // Counted back from the newest snapshot (Nov 21); Nov 14 had none.
    expect(week.body.data.daily.map((day) => day.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(week.body.data.chapters.map((chapter) => chapter.title)).toEqual([
      'Chapter 8',
      'Chapter 9',
      'Chapter 10',
    ]);
  });

  it("counts cadence and ages from each fiction's newest snapshot, not from today", async () => {
    // Last read on Jun 30, almost five months before the clock (Nov 21): a chapter every other day until then.
    await seed(530, { launch: '2026-05-01T00:00:00.000Z', days: 60, perDay: 10 });
    // A peer of the same length, as old at its own newest snapshot (Oct 30) as 530 was at its own.
    await seed(531, { launch: '2026-08-31T00:00:00.000Z', days: 60, perDay: 10 });
    const { status, body } = await get<{ data: FictionAnalytics }>('/api/fictions/530/analytics');
    expect(status).toBe(200);
    // 14 chapters in the 4 weeks before Jun 30, not 0 in the 4 weeks before Nov 21.
    expect(body.data.cadence.chapters_per_week).toBe(3.5);
    // 59.5 days from the first chapter to the newest snapshot, ±20 %; the peer is as old at its own.
    expect(body.data.peers.age_cohort).toEqual({ size: 1, min: 48, max: 71 });
  });

  it('refuses an unknown fiction and a bad range by name', async () => {
    expect((await get<Failure>('/api/fictions/999/analytics')).status).toBe(404);
    const bad = await get<Failure>('/api/fictions/999/analytics?range=year');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('range must be one of 7d, 30d, 90d or all.');
  });

  it('adds growth per day to the ZIP export', async () => {
    await seed(502, { launch: '2026-11-01T00:00:00.000Z', days: 3, perDay: 5 });
    const { token } = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/fictions/502/export',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const growth = await unzipEntry(response.rawPayload, 'growth.csv');
    expect(growth.split('\r\n')).toEqual([
      'royalroad_id,title,date,followers,followers_gained,views_gained,favorites_gained,ratings_gained,views_per_follower,favorites_per_follower',
      '502,Fiction 502,2026-11-02,5,,,,,10,0.2',
      '502,Fiction 502,2026-11-03,10,5,50,1,,10,0.2',
      '502,Fiction 502,2026-11-04,15,5,50,1,,10,0.2',
      '',
    ]);
  });
});

describe('Rising Stars entrants', () => {
  it('are the fictions that reached the main list in captures readers see, each at its first entry', async () => {
    const launch = '2026-11-01T00:00:00.000Z';
    for (const id of [601, 602, 603, 604]) await seed(id, { launch, days: 20, perDay: 10 });
    // 601 is on the list at the first capture: it entered at a time we do not know, so it is left out.
    await storeCapture(t, '2026-11-03T12:00:00.000Z', { main: [601] }, 'complete');
    // 602 enters on Nov 5 with 40 followers (the snapshot of that midnight), and stays.
    await storeCapture(t, '2026-11-05T12:00:00.000Z', { main: [601, 602] }, 'complete');
    await storeCapture(t, '2026-11-06T12:00:00.000Z', { main: [602, 601] }, 'complete');
    // 603's first capture was left running by a run that died; closed as partial, it counts (70 followers).
    await storeCapture(t, '2026-11-08T12:00:00.000Z', { main: [603] }, 'running');
    await t.services.risingStars.closeAbandonedCaptures(
      '2026-11-09T00:00:00.000Z',
      '2026-11-09T00:00:00.000Z',
    );
    // 604 is only on a capture still under way: not yet.
    await storeCapture(t, '2026-11-10T12:00:00.000Z', { main: [604] }, 'running');

    const { body } = await get<{ data: FictionAnalytics }>('/api/fictions/604/analytics');
    expect(body.data.rising_stars_context.overall).toEqual({
      fictions: 2,
      followers: { median: 55, low: 47.5, high: 62.5, known: 2 },
      age_days: { median: 5.5, low: 4.8, high: 6.3, known: 2 },
    });
  });
});

describe('GET /api/compare', () => {
  it('aligns fictions on their first chapter, with the figures at days 7 to 90 where known', async () => {
    await seed(601, { launch: '2026-10-01T00:00:00.000Z', days: 40, perDay: 3 });
    await seed(602, { launch: '2026-10-20T00:00:00.000Z', days: 10, perDay: 7 });
    await seed(603, { launch: '2026-09-01T00:00:00.000Z', days: 80, perDay: 1 });
    const { status, body } = await get<{ data: Comparison }>('/api/compare?ids=601,602,603');
    expect(status).toBe(200);
    expect(body.data.align).toBe('launch');
    expect(body.data.series.map((series) => series.title)).toEqual([
      'Fiction 601',
      'Fiction 602',
      'Fiction 603',
    ]);
    const [first, second] = body.data.series;
    // The first chapter came half a day after launch: day 1's snapshot is half a day after it.
    expect(first?.points[0]).toMatchObject({ day: 0.5, followers: 3, pages: 101 });
    expect(first?.milestones).toEqual([
      { day: 7, followers: 21, total_views: 210, pages: 107 },
      { day: 14, followers: 42, total_views: 420, pages: 114 },
      { day: 30, followers: 90, total_views: 900, pages: 130 },
      { day: 60, followers: null, total_views: null, pages: null },
      { day: 90, followers: null, total_views: null, pages: null },
    ]);
    expect(second?.points).toHaveLength(10);

    const calendar = await get<{ data: Comparison }>('/api/compare?ids=601,603&align=calendar');
    // Calendar days count from the earliest snapshot of them all (603's first, on Sep 2).
    expect(calendar.body.data.series[0]?.points[0]?.day).toBe(30);
    expect(calendar.body.data.series[1]?.points[0]?.day).toBe(0);
  });

  it('refuses more than 6 fictions, unknown ones and bad values with a message', async () => {
    await seed(601, { launch: '2026-10-01T00:00:00.000Z', days: 2, perDay: 3 });
    const tooMany = await get<Failure>('/api/compare?ids=1,2,3,4,5,6,7');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('ids can name at most 6 fictions.');
    const unknown = await get<Failure>('/api/compare?ids=601,404404');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No fiction with Royal Road id 404404 is tracked here yet.');
    for (const query of ['ids=abc', 'ids=1,,2', 'ids=601&align=sideways', '']) {
      const bad = await get<Failure>(`/api/compare?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error, query).toMatch(/ids|align/);
    }
  });
});

function unzipEntry(buffer: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => reject(new Error(`${name} is not in the archive`)));
      zip.readEntry();
    });
  });
}

describe("a link preview's followers sparkline", () => {
  it('covers the 90 days before the newest snapshot, never older history, even across a gap', async () => {
    const gap = Array.from({ length: 40 }, (_, index) => 350 + index);
    await seed(520, { launch: '2025-06-01T00:00:00.000Z', days: 400, perDay: 3, skip: gap });
    const analytics = analyticsService({
      analytics: analyticsRepository(t.database.db),
      now: () => new Date(),
    });
    const preview = await analytics.preview(520);
    // Days 310 to 349 and 390 to 400: the days with a snapshot in the 90 days up to day 400, its newest.
    expect(preview?.sparkline).toHaveLength(51);
    expect(preview?.sparkline[0]).toBe(310 * 3);
    expect(preview?.sparkline.at(-1)).toBe(400 * 3);
    expect(await analytics.preview(999_999)).toBeNull();
    // A fiction known but never scraped has an empty sparkline.
    await seed(521, { launch: '2025-06-01T00:00:00.000Z', days: 0, perDay: 3 });
    expect((await analytics.preview(521))?.sparkline).toEqual([]);
  });
});

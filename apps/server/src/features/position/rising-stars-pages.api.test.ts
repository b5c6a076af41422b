import type { MainList, PositionResult } from '@rrc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { importSample } from '../../tools/seed-sample.ts';

// Real captures from July 2026: 19 captures of the main list and five genre lists.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSample({ ...t.services, now: () => t.clock.now });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string) =>
  call<{ success: boolean; data: T; error?: string }>(t.app, { method: 'GET', url });

async function latestLists() {
  const main = (
    await get<{ entries: Array<{ id: number; royalroad_id: number; position: number }> }>(
      '/api/rising-stars/latest?genre=main',
    )
  ).body.data.entries;
  const fantasy = (
    await get<{ entries: Array<{ id: number; royalroad_id: number; position: number }> }>(
      '/api/rising-stars/latest?genre=fantasy',
    )
  ).body.data.entries;
  return { main, fantasy };
}

describe('main list page API', () => {
  it('answers the 50 entries of the latest capture with movement, best position and days on the list', async () => {
    const response = await get<MainList>('/api/rising-stars-main');
    expect(response.status).toBe(200);
    const list = response.body.data;
    expect(list.captured_at).toBe('2026-07-19T18:42:47.000Z');
    expect(list.previous_captured_at).not.toBeNull();
    expect(list.entries).toHaveLength(50);
    expect(list.entries.map((entry) => entry.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const history = new Map<number, Array<{ genre: string; position: number; captured_at: string }>>();
    for (const entry of list.entries) {
      const records = (
        await get<Array<{ genre: string; position: number; captured_at: string }>>(
          `/api/rising-stars/fiction/${entry.fiction_id}`,
        )
      ).body.data;
      history.set(
        entry.fiction_id,
        records.filter((record) => record.genre === 'main'),
      );
    }
    for (const entry of list.entries) {
      const main = history.get(entry.fiction_id) ?? [];
      expect(entry.highest_position).toBe(Math.min(...main.map((record) => record.position)));
      expect(entry.days_on_list).toBe(new Set(main.map((record) => record.captured_at.slice(0, 10))).size);
      const before = main.find((record) => record.captured_at === list.previous_captured_at);
      const expected = !before
        ? 'new'
        : entry.position < before.position
          ? 'up'
          : entry.position > before.position
            ? 'down'
            : 'same';
      expect(entry.movement).toBe(expected);
      expect(entry.previous_position).toBe(before?.position ?? null);
    }
    expect(new Set(list.entries.map((entry) => entry.movement)).size).toBeGreaterThan(1);
  });

  it('answers the top N of the main list', async () => {
    const top = await get<{ entries: Array<{ position: number }> }>('/api/rising-stars/top?limit=7');
    expect(top.body.data.entries.map((entry) => entry.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('answers when a fiction was first and last on a list, or 404 with a message', async () => {
    const { main } = await latestLists();
    const first = main[0] as { id: number };
    const range = await get<{ first_captured_at: string; last_captured_at: string; captures: number }>(
      `/api/rising-stars/fiction-date-range?fictionId=${first.id}&genre=main`,
    );
    expect(range.status).toBe(200);
    expect(range.body.data.last_captured_at).toBe('2026-07-19T18:42:47.000Z');
    expect(range.body.data.captures).toBeGreaterThan(0);
    const never = await get(`/api/rising-stars/fiction-date-range?fictionId=${first.id}&genre=horror`);
    expect(never.status).toBe(404);
    expect(never.body.error).toBe('That fiction has never been on the horror Rising Stars list.');
  });
});

describe('badges and replay API', () => {
  it("answers each reader's list of badges from the latest capture, sent as kept, with an ETag", async () => {
    const { main, fantasy } = await latestLists();
    const ids = [main[0]?.id, main[1]?.id, fantasy.at(-1)?.id] as number[];
    const url = (list: number[]) => `/api/rising-stars/latest?fictionIds=${list.join(',')}`;
    type Badges = {
      captured_at: string;
      badges: Record<string, Array<{ genre: string; position: number; previous_captured_at: string | null }>>;
    };
    const one = await get<Badges>(url(ids));
    expect(one.status).toBe(200);
    expect(one.headers['cache-control']).toMatch(/^public, max-age=60/);
    expect(one.body.data.captured_at).toBe('2026-07-19T18:42:47.000Z');
    expect(one.body.data.badges[String(main[0]?.id)]).toContainEqual(
      expect.objectContaining({ genre: 'main', position: main[0]?.position }),
    );
    // Another reader's list, overlapping: the same badges for the fictions both hold; none for a fiction on
    // no list.
    const other = await get<Badges>(url([ids[1] as number, 999_998]));
    expect(other.body.data.badges).toEqual({
      [String(ids[1])]: one.body.data.badges[String(ids[1])],
    });
    const again = await call(t.app, {
      method: 'GET',
      url: url(ids),
      headers: { 'if-none-match': String(one.headers.etag) },
    });
    expect(again.status).toBe(304);
  });

  it('replays a window of the main list capture by capture, and only that window', async () => {
    const response = await get<{ entries: Array<{ captured_at: string; position: number }> }>(
      '/api/rising-stars?genre=main&startDate=2026-07-18&endDate=2026-07-19T23:59:59Z',
    );
    expect(response.status).toBe(200);
    const times = [...new Set(response.body.data.entries.map((entry) => entry.captured_at))];
    expect(times.length).toBeGreaterThan(1);
    expect(times.every((time) => time >= '2026-07-18' && time <= '2026-07-19T23:59:59Z')).toBe(true);
    expect(times).toEqual([...times].sort());
    expect(response.body.data.entries).toHaveLength(times.length * 50);
  });
});

describe('position calculator API', () => {
  it('gives the exact place of a fiction on the main list', async () => {
    const { main } = await latestLists();
    const fifth = main[4] as { royalroad_id: number };
    const result = (await get<PositionResult>(`/api/rising-stars-position/${fifth.royalroad_id}`)).body.data;
    expect(result.status).toBe('main');
    expect(result.estimate).toMatchObject({ position: 5, to_climb: 0 });
    expect(result.lists.find((list) => list.genre === 'main')).toMatchObject({ position: 5 });
  });

  it('estimates a fiction only on genre lists: below #50, with a range, neighbours and best positions', async () => {
    const { main, fantasy } = await latestLists();
    const onMain = new Set(main.map((entry) => entry.id));
    const genreOnly = fantasy.find((entry) => !onMain.has(entry.id)) as {
      royalroad_id: number;
      position: number;
    };
    const result = (await get<PositionResult>(`/api/rising-stars-position/${genreOnly.royalroad_id}`)).body
      .data;
    expect(result.status).toBe('estimated');
    expect(result.captured_at).toBe('2026-07-19T18:42:47.000Z');
    const estimate = result.estimate as NonNullable<PositionResult['estimate']>;
    expect(estimate.position).toBeGreaterThan(50);
    expect(estimate.low).toBeLessThanOrEqual(estimate.position);
    expect(estimate.high).toBeGreaterThanOrEqual(estimate.position);
    expect(estimate.known_ahead).toBeGreaterThanOrEqual(50);
    expect(estimate.to_climb).toBe(estimate.position - 50);
    const list = result.lists.find((entry) => entry.genre === 'fantasy');
    expect(list?.position).toBe(genreOnly.position);
    expect(list?.best_position).toBeLessThanOrEqual(genreOnly.position);
    expect((list?.above.length ?? 0) + (list?.below.length ?? 0)).toBeGreaterThan(0);
    expect(result.message).toMatch(/^Not on the main list yet: about #\d+/);
  });

  it('says clearly when a fiction is on no list', async () => {
    await t.services.fictions.importFiction({
      fiction: { royalroad_id: 999_001, title: 'Quiet Book', tags: '[]', warnings: '[]' },
      snapshots: [],
      createdAt: '2026-07-01T00:00:00.000Z',
    });
    const quiet = await get<PositionResult>('/api/rising-stars-position/999001');
    expect(quiet.status).toBe(200);
    expect(quiet.body.data).toMatchObject({ status: 'unranked', estimate: null, lists: [] });
    expect(quiet.body.data.message).toBe(
      'This fiction is not on any Rising Stars list right now, so there is no position to estimate.',
    );
  });

  it('describes the capture it works from', async () => {
    const latest = await get<{ captured_at: string; genres: string[]; fictions: number }>(
      '/api/rising-stars-position/latest-scrape',
    );
    expect(latest.body.data.captured_at).toBe('2026-07-19T18:42:47.000Z');
    expect([...latest.body.data.genres].sort()).toEqual([
      'action',
      'adventure',
      'drama',
      'fantasy',
      'main',
      'psychological',
    ]);
    expect(latest.body.data.fictions).toBeGreaterThan(50);
  });
});

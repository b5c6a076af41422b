import type { FollowersProjection } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, storeCapture } from '../../../test/test-app.ts';

const t = testAppForEach(() => createTestApp());
const DAY = 86_400_000;
const LAUNCH = '2026-11-01T06:00:00.000Z';
const at = (days: number) => new Date(Date.parse(LAUNCH) + days * DAY).toISOString();

/** A fiction with a snapshot a day for `days` days, gaining `perDay` followers a day from `start`. */
async function seed(royalroadId: number, options: { days: number; perDay: number; start?: number }) {
  await t.services.fictions.importFiction({
    fiction: { royalroad_id: royalroadId, title: `Fiction ${royalroadId}`, tags: '[]', warnings: '[]' },
    snapshots: Array.from({ length: options.days }, (_, day) => ({
      captured_at: at(day),
      followers: (options.start ?? 0) + day * options.perDay,
    })),
    chapters: [],
    createdAt: LAUNCH,
  });
}

const projection = (royalroadId: number | string) =>
  call<{ data: FollowersProjection }>(t.app, {
    method: 'GET',
    url: `/api/fictions/${royalroadId}/projection`,
  });

describe('GET /api/fictions/:royalroadId/projection', () => {
  it('projects +7, +30 and +90 days with ordered intervals, and dates the next milestones', async () => {
    await seed(601, { days: 21, perDay: 10, start: 30 });
    const { status, body } = await projection(601);
    expect(status).toBe(200);
    const data = body.data;
    if (!data.available) throw new Error(`no projection: ${data.reason}`);
    expect(data).toMatchObject({ as_of: at(20), followers: 230, main_list: null });
    expect(data.horizons.map((horizon) => horizon.days)).toEqual([7, 30, 90]);
    expect(data.horizons[0]?.mid).toBe(300);
    for (const horizon of data.horizons) {
      expect(horizon.low).toBeLessThanOrEqual(horizon.mid);
      expect(horizon.mid).toBeLessThanOrEqual(horizon.high);
    }
    // 10 a day from 230: 250 in 2 days, 500 in 27, 1,000 in 77; the interval's top gets there first.
    expect(data.milestones.map((milestone) => milestone.followers)).toEqual([250, 500, 1000]);
    expect(data.milestones[0]?.date).toBe(at(22));
    expect(data.milestones[1]?.date).toBe(at(47));
    expect(data.milestones[2]?.date).toBe(at(97));
    for (const milestone of data.milestones) {
      expect(Date.parse(milestone.earliest ?? '')).toBeLessThanOrEqual(Date.parse(milestone.date ?? ''));
      expect(Date.parse(milestone.date ?? '')).toBeLessThanOrEqual(Date.parse(milestone.latest ?? ''));
    }
  });

  it('says when the main list’s last place would be passed, unless the fiction is on the list', async () => {
    await seed(601, { days: 21, perDay: 10, start: 30 });
    await seed(602, { days: 2, perDay: 0, start: 400 });
    await seed(603, { days: 2, perDay: 0, start: 900 });
    await seed(606, { days: 21, perDay: 10, start: 500 });
    await storeCapture(t, at(20), { main: [603, 606, 602] }, 'complete');
    const below = (await projection(601)).body.data;
    if (!below.available) throw new Error('no projection');
    // #3, the last place, has 400 followers: 17 days at 10 a day from 230.
    expect(below.main_list).toMatchObject({ position: 3, followers: 400, date: at(37) });
    const on = (await projection(606)).body.data;
    if (!on.available) throw new Error('no projection');
    expect(on.main_list).toBeNull();
  });

  it('answers available: false with the reason for a fiction with one snapshot or under two weeks', async () => {
    await seed(604, { days: 1, perDay: 0, start: 12 });
    expect((await projection(604)).body.data).toEqual({
      available: false,
      reason: 'A projection needs 14 days of history; this fiction has 0 days.',
    });
    await seed(605, { days: 10, perDay: 5 });
    expect((await projection(605)).body.data).toEqual({
      available: false,
      reason: 'A projection needs 14 days of history; this fiction has 9 days.',
    });
  });

  it('refuses an unknown fiction (404) and an id that is not one (400)', async () => {
    const unknown = await projection(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: 'Fiction not found' });
    const bad = await projection('abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: 'The Royal Road fiction id must be a number.' });
  });
});

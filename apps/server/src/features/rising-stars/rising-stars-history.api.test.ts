import type { MainList, RisingStarRecord } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, storeCapture } from '../../../test/test-app.ts';

const t = testAppForEach(() => createTestApp());

const get = async <T>(url: string) =>
  (await call<{ success: boolean; data: T }>(t.app, { method: 'GET', url })).body.data;

describe("a fiction's Rising Stars places", () => {
  it('come only from captures readers see, oldest first and list by list', async () => {
    await storeCapture(t, '2026-11-01T12:00:00.000Z', { main: [701, 702], fantasy: [702, 701] }, 'complete');
    // A run that failed and one still under way: neither is shown, on the fiction or on the main list.
    await storeCapture(t, '2026-11-02T12:00:00.000Z', { main: [702, 701] }, 'failed');
    await storeCapture(t, '2026-11-03T12:00:00.000Z', { main: [701, 702] }, 'partial');
    await storeCapture(t, '2026-11-04T12:00:00.000Z', { main: [702, 701], fantasy: [702] }, 'running');

    const main = await get<MainList>('/api/rising-stars-main');
    expect(main.captured_at).toBe('2026-11-03T12:00:00.000Z');
    expect(main.previous_captured_at).toBe('2026-11-01T12:00:00.000Z');
    const second = main.entries.find((entry) => entry.royalroad_id === 702);
    expect(second).toMatchObject({
      position: 2,
      highest_position: 2,
      days_on_list: 2,
      movement: 'same',
      previous_position: 2,
      changed_at: '2026-11-01T12:00:00.000Z',
    });

    const records = await get<RisingStarRecord[]>(`/api/rising-stars/fiction/${second?.fiction_id}`);
    expect(
      records.map(({ genre, position, captured_at }) => [captured_at.slice(0, 10), genre, position]),
    ).toEqual([
      ['2026-11-01', 'fantasy', 1],
      ['2026-11-01', 'main', 2],
      ['2026-11-03', 'main', 2],
    ]);
    expect(records.every((record) => record.fiction_id === second?.fiction_id)).toBe(true);
  });
});

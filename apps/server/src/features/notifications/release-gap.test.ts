import { describe, expect, it } from 'vitest';
import { longReleaseGap } from './events.service.ts';

const DAY = 86_400_000;
const START = Date.parse('2026-11-01T12:00:00.000Z');
/** Chapters every `everyDays` days, `count` of them, newest first (as the repository answers). */
const releases = (count: number, everyDays: number) =>
  Array.from({ length: count }, (_, index) => ({
    royalroad_chapter_id: 100 + index,
    published_at: new Date(START + index * everyDays * DAY).toISOString(),
  })).reverse();
const after = (list: ReturnType<typeof releases>, days: number) =>
  new Date(Date.parse(list[0]?.published_at ?? '') + days * DAY).toISOString();

describe('a wait far past the usual gap between chapters', () => {
  it('is told for a daily fiction after more than three days, with the chapter it follows', () => {
    const daily = releases(10, 1);
    expect(longReleaseGap(daily, after(daily, 3))).toBeNull();
    expect(longReleaseGap(daily, after(daily, 3.5))).toEqual({
      chapterId: 109,
      since: daily[0]?.published_at,
      days: 3.5,
      usualDays: 1,
    });
  });

  it('waits twice the usual gap for a weekly fiction', () => {
    const weekly = releases(8, 7);
    expect(longReleaseGap(weekly, after(weekly, 13))).toBeNull();
    expect(longReleaseGap(weekly, after(weekly, 15))).toMatchObject({ days: 15, usualDays: 7 });
  });

  it('judges by the median gap (one long break before does not make long breaks usual)', () => {
    const list = releases(9, 1);
    // One break of 20 days among the older releases.
    const withBreak = list.map((chapter, index) =>
      index >= 5
        ? { ...chapter, published_at: new Date(Date.parse(chapter.published_at) - 20 * DAY).toISOString() }
        : chapter,
    );
    expect(longReleaseGap(withBreak, after(withBreak, 4))).toMatchObject({ usualDays: 1 });
  });

  it('says nothing with fewer than four releases to judge by', () => {
    const few = releases(3, 1);
    expect(longReleaseGap(few, after(few, 30))).toBeNull();
    expect(longReleaseGap([], new Date(START).toISOString())).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { MAIL_SCHEDULE, nextRunTimes, previousRunTime, runTimesBetween, SCHEDULE } from './schedule.ts';

const [risingStars, allFictions] = SCHEDULE as [(typeof SCHEDULE)[number], (typeof SCHEDULE)[number]];
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('schedule in Pacific time', () => {
  it("sends the authors' weekly reports on Mondays at 07:00 Pacific, and never makes a missed one up", () => {
    const [reports] = MAIL_SCHEDULE as [(typeof MAIL_SCHEDULE)[number]];
    // Saturday 28 November 2026: the next two Mondays, 07:00 PST (UTC-8).
    expect(iso(nextRunTimes(reports, new Date('2026-11-28T12:00:00Z'), 2))).toEqual([
      '2026-11-30T15:00:00.000Z',
      '2026-12-07T15:00:00.000Z',
    ]);
    expect(reports.catchUp).toBe(false);
  });

  it('runs Rising Stars at 00:24, 06:24, 12:24 and 18:24 Pacific standard time (UTC-8)', () => {
    expect(iso(nextRunTimes(risingStars, new Date('2026-01-15T00:00:00Z'), 4))).toEqual([
      '2026-01-15T02:24:00.000Z', // 18:24 PST on the 14th
      '2026-01-15T08:24:00.000Z', // 00:24 PST
      '2026-01-15T14:24:00.000Z', // 06:24 PST
      '2026-01-15T20:24:00.000Z', // 12:24 PST
    ]);
  });

  it('moves with daylight saving time when it starts on 8 March 2026', () => {
    expect(iso(nextRunTimes(risingStars, new Date('2026-03-07T20:00:00Z'), 5))).toEqual([
      '2026-03-07T20:24:00.000Z', // 12:24 PST
      '2026-03-08T02:24:00.000Z', // 18:24 PST
      '2026-03-08T08:24:00.000Z', // 00:24 PST, before the 2:00 change
      '2026-03-08T13:24:00.000Z', // 06:24 PDT (UTC-7)
      '2026-03-08T19:24:00.000Z', // 12:24 PDT
    ]);
    expect(iso(nextRunTimes(allFictions, new Date('2026-03-07T12:00:00Z'), 3))).toEqual([
      '2026-03-08T08:24:00.000Z',
      '2026-03-09T07:24:00.000Z',
      '2026-03-10T07:24:00.000Z',
    ]);
  });

  it('moves back when daylight saving time ends on 1 November 2026', () => {
    expect(iso(nextRunTimes(risingStars, new Date('2026-10-31T20:00:00Z'), 5))).toEqual([
      '2026-11-01T01:24:00.000Z', // 18:24 PDT on 31 October
      '2026-11-01T07:24:00.000Z', // 00:24 PDT, before the 2:00 change
      '2026-11-01T14:24:00.000Z', // 06:24 PST (UTC-8)
      '2026-11-01T20:24:00.000Z', // 12:24 PST
      '2026-11-02T02:24:00.000Z', // 18:24 PST
    ]);
    expect(iso(nextRunTimes(allFictions, new Date('2026-10-31T00:00:00Z'), 3))).toEqual([
      '2026-10-31T07:24:00.000Z',
      '2026-11-01T07:24:00.000Z',
      '2026-11-02T08:24:00.000Z',
    ]);
  });

  it('finds the latest run time at or before a moment', () => {
    expect(previousRunTime(risingStars, new Date('2026-11-21T15:00:00Z'))?.toISOString()).toBe(
      '2026-11-21T14:24:00.000Z',
    );
    expect(previousRunTime(risingStars, new Date('2026-11-21T14:24:00Z'))?.toISOString()).toBe(
      '2026-11-21T14:24:00.000Z',
    );
  });

  it('lists the run times in a window, excluding its start', () => {
    expect(
      iso(runTimesBetween(risingStars, new Date('2026-11-21T08:24:00Z'), new Date('2026-11-21T20:24:00Z'))),
    ).toEqual(['2026-11-21T14:24:00.000Z', '2026-11-21T20:24:00.000Z']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dateTicks,
  labelWidth,
  logScale,
  niceScale,
  niceStep,
  rankScale,
  tickFormatter,
} from './chart-ticks.ts';

const isRound = (value: number) => {
  if (value === 0) return true;
  const mantissa = Math.abs(value) / 10 ** Math.floor(Math.log10(Math.abs(value)));
  return [1, 2, 5, 10].some((factor) => Math.abs(mantissa - factor) < 1e-9);
};

describe('niceStep', () => {
  it.each([
    [0.7, 1],
    [1, 1],
    [1.3, 2],
    [3, 5],
    [7.4, 10],
    [0.043, 0.05],
    [2600, 5000],
  ])('rounds %s up to %s', (rough, step) => {
    expect(niceStep(rough)).toBe(step);
  });
});

describe('niceScale', () => {
  it('puts round ticks around the data, the top labelled', () => {
    // The Rising Stars chart used to read 11/21/31/38 with an unlabelled top.
    expect(niceScale(11, 38)).toEqual({ domain: [10, 40], ticks: [10, 20, 30, 40] });
  });

  it('steps ratios in round fractions, not 0.05/0.09/0.14/0.18', () => {
    const scale = niceScale(0.05, 0.18);
    expect(scale.ticks).toEqual([0.05, 0.1, 0.15, 0.2]);
  });

  it('fits scores between 4.3 and 4.9 instead of drawing them on 0–5', () => {
    const scale = niceScale(4.3, 4.9, { floor: 0, ceiling: 5 });
    expect(scale.domain[0]).toBeGreaterThanOrEqual(4);
    expect(scale.domain[1]).toBeLessThanOrEqual(5);
    expect(scale.ticks[0]).toBeLessThanOrEqual(4.3);
    expect(scale.ticks.at(-1)).toBeGreaterThanOrEqual(4.9);
  });

  it('keeps zero when asked, and stays within a ceiling', () => {
    expect(niceScale(120, 960, { zero: true }).ticks).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(niceScale(4.1, 5, { ceiling: 5 }).domain[1]).toBe(5);
  });

  it('gives a single value some room, and survives nothing at all', () => {
    const single = niceScale(4.5, 4.5);
    expect(single.domain[0]).toBeLessThan(4.5);
    expect(single.domain[1]).toBeGreaterThan(4.5);
    expect(niceScale(0, 0, { zero: true }).domain).toEqual([0, 1]);
    expect(niceScale(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY).ticks.length).toBeGreaterThan(1);
  });

  it.each([
    [0, 1],
    [963, 12_480],
    [10_300, 10_700],
    [-3.5, 12],
    [0.0012, 0.0049],
    [1, 1_234_567],
  ])('between %s and %s: few round, evenly spaced ticks that cover the data', (min, max) => {
    const { domain, ticks } = niceScale(min, max);
    expect(domain[0]).toBeLessThanOrEqual(min);
    expect(domain[1]).toBeGreaterThanOrEqual(max);
    expect(ticks[0]).toBe(domain[0]);
    expect(ticks.at(-1)).toBe(domain[1]);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(7);
    const step = (ticks[1] as number) - (ticks[0] as number);
    expect(isRound(step)).toBe(true);
    for (let index = 1; index < ticks.length; index++)
      expect((ticks[index] as number) - (ticks[index - 1] as number)).toBeCloseTo(step, 9);
  });
});

describe('rankScale', () => {
  it('never goes above position 1', () => {
    expect(rankScale(1, 38)).toEqual({ domain: [1, 40], ticks: [1, 10, 20, 30, 40] });
    expect(rankScale(3, 3).domain[0]).toBeGreaterThanOrEqual(1);
    expect(rankScale(1, 1)).toEqual({ domain: [1, 2], ticks: [1, 2] });
  });

  it('steps by whole positions', () => {
    expect(rankScale(1, 4).ticks.every(Number.isInteger)).toBe(true);
  });
});

describe('logScale', () => {
  it('ticks at 1, 2 and 5 times powers of ten', () => {
    expect(logScale(130, 4_200)).toEqual({ domain: [100, 5000], ticks: [100, 200, 500, 1000, 2000, 5000] });
  });

  it('keeps to powers of ten over many decades', () => {
    const { ticks } = logScale(3, 2_000_000);
    expect(ticks).toEqual([2, 10, 100, 1000, 10_000, 100_000, 1_000_000, 2_000_000]);
  });
});

describe('tickFormatter', () => {
  it('shows large ticks compactly, with the decimals that tell them apart', () => {
    const format = tickFormatter([10_000, 10_500, 11_000]);
    expect([10_000, 10_500, 11_000].map(format)).toEqual(['10K', '10.5K', '11K']);
    const fine = tickFormatter([10_000, 10_250, 10_500]);
    expect(new Set([10_000, 10_250, 10_500].map(fine)).size).toBe(3);
  });

  it('writes fractions with one number of decimals', () => {
    const format = tickFormatter([0, 0.05, 0.1, 0.15]);
    expect([0, 0.05, 0.1, 0.15].map(format)).toEqual(['0.00', '0.05', '0.10', '0.15']);
    expect([4, 4.5, 5].map(tickFormatter([4, 4.5, 5]))).toEqual(['4.0', '4.5', '5.0']);
  });

  it('writes counts below 10,000 in full', () => {
    expect([0, 2000, 4000].map(tickFormatter([0, 2000, 4000]))).toEqual(['0', '2,000', '4,000']);
  });
});

describe('labelWidth', () => {
  it('grows with the longest label', () => {
    expect(labelWidth(['10.5K'])).toBeGreaterThan(labelWidth(['5K']));
    expect(labelWidth(['1,234,567'])).toBeGreaterThan(50);
  });
});

describe('dateTicks', () => {
  const at = (iso: string) => Date.parse(iso);
  const utc = { utc: true };

  it('labels each day once over a week of several snapshots a day', () => {
    const { ticks, unit, format } = dateTicks(at('2026-07-13T21:34:00Z'), at('2026-07-21T09:00:00Z'), {
      maxTicks: 10,
      ...utc,
    });
    expect(unit).toBe('day');
    expect(ticks).toEqual([14, 15, 16, 17, 18, 19, 20, 21].map((day) => at(`2026-07-${day}T00:00:00Z`)));
    const labels = ticks.map(format);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels[2]).toMatch(/16/);
  });

  it('skips every other day evenly rather than dropping one here and there', () => {
    const { ticks } = dateTicks(at('2026-07-13T00:00:00Z'), at('2026-07-25T00:00:00Z'), {
      maxTicks: 7,
      ...utc,
    });
    const gaps = ticks.slice(1).map((tick, index) => tick - (ticks[index] as number));
    expect(new Set(gaps)).toEqual(new Set([2 * DAY_MS]));
  });

  it('moves to Mondays, then to months, as the span grows', () => {
    const weeks = dateTicks(at('2026-06-01T00:00:00Z'), at('2026-07-20T00:00:00Z'), { maxTicks: 8, ...utc });
    expect(weeks.unit).toBe('week');
    for (const tick of weeks.ticks) expect(new Date(tick).getUTCDay()).toBe(1);
    const months = dateTicks(at('2025-11-03T00:00:00Z'), at('2026-07-20T00:00:00Z'), { maxTicks: 6, ...utc });
    expect(months.unit).toBe('month');
    for (const tick of months.ticks) expect(new Date(tick).getUTCDate()).toBe(1);
    const labels = months.ticks.map(months.format);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('never gives more ticks than asked', () => {
    for (const days of [1, 3, 8, 15, 40, 100, 400, 2000]) {
      for (const maxTicks of [2, 4, 6, 10]) {
        const { ticks, format } = dateTicks(0, days * DAY_MS, { maxTicks, ...utc });
        expect(ticks.length).toBeLessThanOrEqual(maxTicks);
        expect(ticks.length).toBeGreaterThan(0);
        expect(new Set(ticks.map(format)).size).toBe(ticks.length);
      }
    }
  });

  it('gives a span within one day its date', () => {
    const from = at('2026-07-14T08:00:00Z');
    const { ticks } = dateTicks(from, at('2026-07-14T20:00:00Z'), utc);
    expect(ticks).toEqual([from]);
  });

  it('uses local midnights by default', () => {
    const { ticks } = dateTicks(new Date(2026, 6, 13, 15).getTime(), new Date(2026, 6, 16, 15).getTime());
    expect(ticks).toEqual([14, 15, 16].map((day) => new Date(2026, 6, day).getTime()));
  });
});

describe('dateTicks across a new year', () => {
  it('says the year where it changes, and only there', () => {
    const { ticks, format } = dateTicks(Date.UTC(2026, 11, 20), Date.UTC(2027, 0, 20), {
      maxTicks: 6,
      utc: true,
    });
    const labels = ticks.map(format);
    expect(labels.filter((label) => label.includes('2027'))).toHaveLength(1);
    expect(labels.some((label) => label.includes('2026'))).toBe(false);
  });
});

// Chart axes a reader can trust: round tick values (1, 2 or 5 × 10^k), dates on day, week or month
// boundaries with one label each, and labels that never repeat.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** An axis: where it starts and ends (both on a tick) and the values that carry a label. */
export interface Scale {
  domain: [number, number];
  ticks: number[];
}

/** Removes the floating-point dust of a multiplication (0.30000000000000004 → 0.3). */
const tidy = (value: number) => Number.parseFloat(value.toPrecision(12));

/** The smallest round step (1, 2 or 5 × 10^k) at least `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const factor = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return tidy(factor * power);
}

/** The round step just below a round step: 5 → 2, 2 → 1, 1 → 0.5. */
function previousNiceStep(step: number): number {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  const factor = Math.round(step / power);
  return tidy(factor === 5 ? 2 * power : factor === 2 ? power : power / 2);
}

/** How many decimals a step needs: 0.05 → 2, 0.5 → 1, 20 → 0. */
export function decimalsOf(step: number): number {
  for (let digits = 0; digits < 10; digits++) {
    if (Math.abs(tidy(step * 10 ** digits) - Math.round(step * 10 ** digits)) < 1e-9) return digits;
  }
  return 10;
}

/**
 * An axis fitted to values between `min` and `max`: about `count` round ticks, the first at or below
 * `min` and the last at or above `max`, so the top of the axis is always labelled. `zero` keeps 0 on the
 * axis; `floor` and `ceiling` bound it (a score never leaves 0–5). A single value gets a little room
 * around it.
 */
export function niceScale(
  min: number,
  max: number,
  options: { count?: number; zero?: boolean; floor?: number; ceiling?: number; minStep?: number } = {},
): Scale {
  const count = Math.max(2, options.count ?? 5);
  let low = Number.isFinite(min) ? min : 0;
  let high = Number.isFinite(max) ? max : low;
  if (low > high) [low, high] = [high, low];
  if (options.zero) {
    low = Math.min(low, 0);
    high = Math.max(high, 0);
  }
  if (low === high) {
    const room = low === 0 ? 1 : niceStep(Math.abs(low) / 10);
    if (!(options.zero && low === 0)) low -= room;
    high += room;
    if (options.zero && min >= 0) low = Math.max(low, 0);
  }
  const ends = (size: number) => [Math.floor(tidy(low / size)) * size, Math.ceil(tidy(high / size)) * size];
  const tickCount = (size: number) => {
    const [from, to] = ends(size) as [number, number];
    return Math.round((to - from) / size) + 1;
  };
  let step = Math.max(niceStep((high - low) / (count - 1)), options.minStep ?? 0);
  // Rounding both ends outwards changes the count: the next finer step when it still gives few enough,
  // a wider one when there are far too many.
  const finer = previousNiceStep(step);
  if (finer >= (options.minStep ?? 0) && tickCount(finer) <= count + 1) step = finer;
  while (tickCount(step) > count + 2) step = niceStep(step * 1.01);
  let [first, last] = ends(step) as [number, number];
  if (options.floor !== undefined && first < options.floor) first = options.floor;
  if (options.ceiling !== undefined && last > options.ceiling) last = options.ceiling;
  const ticks: number[] = [];
  for (let index = Math.ceil(tidy(first / step)); index * step <= last + step * 1e-9; index++)
    ticks.push(tidy(index * step));
  if (ticks[0] !== tidy(first)) ticks.unshift(tidy(first));
  if (ticks.at(-1) !== tidy(last)) ticks.push(tidy(last));
  return { domain: [tidy(first), tidy(last)], ticks };
}

/**
 * A Rising Stars position axis (1 is the best): fitted to the positions shown, in round steps, never
 * above position 1.
 */
export function rankScale(best: number, worst: number, count = 5): Scale {
  const scale = niceScale(best, worst, { count, floor: 1, minStep: 1 });
  if (scale.domain[0] === scale.domain[1]) return { domain: [1, 2], ticks: [1, 2] };
  return scale;
}

/**
 * A logarithmic axis for positive values: ticks at 1, 2 and 5 × 10^k (only powers of ten when those would
 * be too many), the ends on ticks.
 */
export function logScale(min: number, max: number, count = 6): Scale {
  const low = Math.max(min, 1e-9);
  const high = Math.max(max, low);
  const round = (exponent: number) => [1, 2, 5].map((factor) => tidy(factor * 10 ** exponent));
  const from = Math.floor(Math.log10(low));
  const to = Math.ceil(Math.log10(high));
  const all: number[] = [];
  for (let exponent = from; exponent <= to; exponent++) all.push(...round(exponent));
  const first = [...all].reverse().find((value) => value <= low) ?? all[0] ?? 1;
  const last = all.find((value) => value >= high) ?? all.at(-1) ?? 10;
  let ticks = all.filter((value) => value >= first && value <= last);
  if (ticks.length > count) {
    const powers = ticks.filter((value) => Number.isInteger(Math.log10(value)) || value === first);
    ticks = powers.at(-1) === last ? powers : [...powers, last];
  }
  if (first === last) return { domain: [first, tidy(first * 2)], ticks: [first, tidy(first * 2)] };
  return { domain: [first, last], ticks };
}

/**
 * Labels for the ticks of one axis, all different: whole numbers with thousands separators below
 * 10,000, compact above (12.5K, 1.25M) with as many decimals as it takes to tell them apart, and a fixed
 * number of decimals for fractions (0.05, 0.10, 0.15).
 */
export function tickFormatter(ticks: readonly number[]): (value: number) => string {
  const largest = Math.max(0, ...ticks.map((value) => Math.abs(value)));
  const distinct = (format: (value: number) => string) =>
    new Set(ticks.map(format)).size === new Set(ticks).size;
  if (largest >= 10_000) {
    for (let digits = 0; digits <= 3; digits++) {
      const compact = new Intl.NumberFormat(undefined, {
        notation: 'compact',
        maximumFractionDigits: digits,
      });
      const format = (value: number) => compact.format(value);
      if (distinct(format)) return format;
    }
  }
  const steps = ticks.slice(1).map((value, index) => Math.abs(value - (ticks[index] as number)));
  const digits = Math.min(4, Math.max(0, ...ticks.map(decimalsOf), ...steps.map(decimalsOf)));
  const plain = new Intl.NumberFormat(undefined, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return (value: number) => plain.format(value);
}

/** The width an axis needs for its longest label (11 px text), so no label is cut. */
export function labelWidth(labels: readonly string[], fontSize = 11): number {
  const longest = Math.max(1, ...labels.map((label) => label.length));
  return Math.ceil(longest * fontSize * 0.62 + 12);
}

export type DateUnit = 'day' | 'week' | 'month' | 'year';
const DATE_STEPS: ReadonlyArray<{ unit: DateUnit; every: number }> = [
  { unit: 'day', every: 1 },
  { unit: 'day', every: 2 },
  { unit: 'day', every: 3 },
  { unit: 'week', every: 1 },
  { unit: 'week', every: 2 },
  { unit: 'month', every: 1 },
  { unit: 'month', every: 2 },
  { unit: 'month', every: 3 },
  { unit: 'month', every: 6 },
  { unit: 'year', every: 1 },
  { unit: 'year', every: 2 },
  { unit: 'year', every: 5 },
  { unit: 'year', every: 10 },
];

/** The calendar of a time zone: local time, or UTC for figures kept per UTC day. */
function calendar(utc: boolean) {
  return {
    parts: (at: number) => {
      const date = new Date(at);
      return utc
        ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() }
        : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
    },
    midnight: (year: number, month: number, day: number) =>
      utc ? Date.UTC(year, month, day) : new Date(year, month, day).getTime(),
  };
}

/** The date ticks of an axis and the label of each. */
export interface DateTicks {
  ticks: number[];
  unit: DateUnit;
  format: (at: number) => string;
}

/**
 * Ticks for a time axis from `from` to `to` (epoch milliseconds): at midnight of every day, every second
 * or third day, every Monday, every other Monday, the first of every 1, 2, 3 or 6 months, or of every year —
 * the finest that gives at most `maxTicks`. Each date appears once; a span within one day gets its date.
 */
export function dateTicks(
  from: number,
  to: number,
  options: { maxTicks?: number; utc?: boolean } = {},
): DateTicks {
  const maxTicks = Math.max(1, options.maxTicks ?? 6);
  const utc = options.utc ?? false;
  const { parts, midnight } = calendar(utc);
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  const start = parts(low);
  const dayNumber = (at: number) => {
    const { year, month, day } = parts(at);
    return Math.round(Date.UTC(year, month, day) / DAY_MS);
  };

  let chosen: { unit: DateUnit; ticks: number[] } | null = null;
  for (const { unit, every } of DATE_STEPS) {
    const ticks: number[] = [];
    if (unit === 'day' || unit === 'week') {
      for (let day = start.day; ; day++) {
        const at = midnight(start.year, start.month, day);
        if (at > high) break;
        if (at < low) continue;
        const number = dayNumber(at);
        // Day 0 of the epoch was a Thursday: Mondays are those 4 days on.
        if (unit === 'day' && number % every === 0) ticks.push(at);
        if (unit === 'week' && (number - 4) % 7 === 0 && Math.floor((number - 4) / 7) % every === 0)
          ticks.push(at);
        if (ticks.length > maxTicks) break;
      }
    } else {
      for (let month = start.month; ; month++) {
        const at = midnight(start.year, month, 1);
        if (at > high) break;
        if (at < low) continue;
        const { year, month: monthOfYear } = parts(at);
        if (unit === 'month' && (year * 12 + monthOfYear) % every === 0) ticks.push(at);
        if (unit === 'year' && monthOfYear === 0 && year % every === 0) ticks.push(at);
        if (ticks.length > maxTicks) break;
      }
    }
    if (ticks.length <= maxTicks) {
      chosen = { unit, ticks };
      break;
    }
  }
  const unit = chosen?.unit ?? 'year';
  const ticks = chosen?.ticks.length ? chosen.ticks : [low];
  const timeZone = utc ? 'UTC' : undefined;
  const formats: Record<DateUnit, Intl.DateTimeFormatOptions> = {
    day: { month: 'short', day: 'numeric', timeZone },
    week: { month: 'short', day: 'numeric', timeZone },
    month: { month: 'short', year: 'numeric', timeZone },
    year: { year: 'numeric', timeZone },
  };
  const short = new Intl.DateTimeFormat(undefined, formats[unit]);
  const withYear = new Intl.DateTimeFormat(undefined, { ...formats[unit], year: 'numeric' });
  // Days and Mondays say their year only where it changes, so the labels stay short.
  const labels = new Map(
    ticks.map((at, index) => {
      const previous = ticks[index - 1];
      const newYear = previous !== undefined && parts(previous).year !== parts(at).year;
      return [at, newYear ? withYear.format(at) : short.format(at)];
    }),
  );
  return { ticks, unit, format: (at: number) => labels.get(at) ?? short.format(at) };
}

/**
 * How many labels fit along an axis `width` pixels long, each about `labelPixels` wide with room
 * between them.
 */
export function ticksThatFit(width: number, labelPixels: number): number {
  return Math.max(2, Math.floor(width / (labelPixels + 20)));
}

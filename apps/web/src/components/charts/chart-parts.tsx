import { type ReactNode, useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  dateTicks,
  labelWidth,
  niceScale,
  type Scale,
  tickFormatter,
  ticksThatFit,
} from '../../lib/chart-ticks.ts';
import type { SeriesSpec } from './ChartCard.tsx';

export const axisTick = { fontSize: 11, fill: '#64748b' };
export const tooltipStyle = { borderRadius: 12, border: '1px solid #e2e8f0', fontSize: 12 };
/** Room on the right of a chart without a right-hand scale, so the last date label is not cut. */
export const EDGE = 20;

/** The width a chart is drawn at, kept up to date as its box resizes (a guess until it is measured). */
export function useChartWidth(initial = 600): [number, (width: number) => void] {
  const [width, setWidth] = useState(initial);
  return [width, (next: number) => setWidth((current) => (Math.abs(current - next) >= 1 ? next : current))];
}

/** The finite values of `keys` over the rows (series that are hidden left out by the caller). */
export function valuesOf(rows: ReadonlyArray<object>, keys: readonly string[]): number[] {
  const values: number[] = [];
  for (const row of rows)
    for (const key of keys) {
      const value = (row as Record<string, unknown>)[key];
      if (typeof value === 'number' && Number.isFinite(value)) values.push(value);
    }
  return values;
}

/** A round scale fitted to values (0 included when `zero`); an empty list gets 0–1. */
export function scaleFor(
  values: readonly number[],
  options: { zero?: boolean; count?: number; floor?: number; ceiling?: number } = {},
): Scale {
  if (values.length === 0) return niceScale(0, 1, { zero: true });
  return niceScale(Math.min(...values), Math.max(...values), options);
}

// Recharts reads its axes and lines from its direct children, so these return elements rather than components.
/**
 * A time axis over the points' `at` (epoch milliseconds) from `from` to `to`: one label per day, every
 * second or third day, Monday or month — as many as fit along `width` pixels (the chart's width less its
 * scales). `utc` for figures kept per UTC day.
 */
export function timeAxis(from: number, to: number, width: number, options: { utc?: boolean } = {}) {
  const { ticks, format } = dateTicks(from, to, {
    maxTicks: ticksThatFit(width, 40),
    utc: options.utc,
  });
  return (
    <XAxis
      dataKey="at"
      type="number"
      scale="time"
      domain={[from, to]}
      ticks={ticks}
      interval={0}
      tickFormatter={format}
      tick={axisTick}
      allowDataOverflow
    />
  );
}

/** A value axis over a round scale, as wide as its longest label. */
export function valueAxis(
  scale: Scale,
  options: {
    id?: string | number;
    orientation?: 'left' | 'right';
    reversed?: boolean;
    format?: (value: number) => string;
    log?: boolean;
  } = {},
) {
  const format = options.format ?? tickFormatter(scale.ticks);
  return (
    <YAxis
      yAxisId={options.id ?? 0}
      orientation={options.orientation ?? 'left'}
      reversed={options.reversed}
      scale={options.log ? 'log' : 'auto'}
      domain={scale.domain}
      ticks={scale.ticks}
      interval={0}
      allowDataOverflow
      tickFormatter={format}
      tick={axisTick}
      width={labelWidth(scale.ticks.map(format))}
    />
  );
}

/** One line per series, hidden as its legend entry says; a missing value leaves a gap. */
export function lines(
  series: SeriesSpec[],
  hidden: ReadonlySet<string>,
  options: { dots?: boolean; axisOf?: (key: string) => string } = {},
) {
  return series.map((item) => (
    <Line
      key={item.key}
      yAxisId={options.axisOf?.(item.key) ?? 0}
      dataKey={item.key}
      name={item.label}
      stroke={item.color}
      strokeWidth={2}
      dot={options.dots ?? false}
      connectNulls={false}
      hide={hidden.has(item.key)}
      isAnimationActive={false}
    />
  ));
}

interface TooltipEntry {
  name?: unknown;
  value?: unknown;
  color?: string;
  stroke?: string;
}

/**
 * The tooltip of every chart: the date, then one row per series sorted (`ascending` for positions, best
 * first; `descending` for figures, largest first), each written by `row`.
 */
export function ChartTooltip({
  active,
  payload,
  label,
  title,
  order,
  row,
}: {
  active?: boolean;
  payload?: ReadonlyArray<TooltipEntry>;
  label?: unknown;
  title: (label: number) => string;
  order: 'ascending' | 'descending';
  row: (name: string, value: number) => string;
}) {
  if (!active || !payload?.length) return null;
  const entries = payload
    .filter((entry): entry is TooltipEntry & { value: number } => typeof entry.value === 'number')
    .sort((a, b) => (order === 'ascending' ? a.value - b.value : b.value - a.value));
  if (entries.length === 0) return null;
  return (
    <div
      className="rounded-xl bg-white px-3 py-2 text-xs shadow-md ring-1 ring-slate-200"
      style={tooltipStyle}
    >
      <p className="mb-1 font-semibold text-slate-800">{title(Number(label))}</p>
      <ul className="space-y-0.5">
        {entries.map((entry) => (
          <li key={String(entry.name)} className="flex items-center gap-1.5 text-slate-700 tabular-nums">
            <span
              className="h-2 w-2 shrink-0 rounded-full"
              style={{ backgroundColor: entry.color ?? entry.stroke }}
              aria-hidden="true"
            />
            {row(String(entry.name), entry.value)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A tooltip of figures: largest first, "Followers 1,234". */
export function figureTooltip(title: (at: number) => string, format: (value: number) => string) {
  return (
    <Tooltip
      content={(props) => (
        <ChartTooltip
          active={props.active}
          payload={props.payload as ReadonlyArray<TooltipEntry>}
          label={props.label}
          title={title}
          order="descending"
          row={(name, value) => `${name} ${format(value)}`}
        />
      )}
    />
  );
}

/**
 * A line chart over time with a scale on each side, each fitted to its visible series in round steps:
 * lines and markers (the children) name `left` or `right` as their axis.
 */
export function TwoScaleTimeChart({
  data,
  series,
  hidden,
  rightKeys,
  left,
  right,
  label,
  format,
  utc,
  zero,
  children,
}: {
  data: ReadonlyArray<{ at: number }>;
  series: SeriesSpec[];
  hidden: ReadonlySet<string>;
  /** The series on the right-hand scale. */
  rightKeys: readonly string[];
  left: string;
  right: string;
  label: (at: number) => string;
  format: (value: number) => string;
  utc?: boolean;
  zero?: boolean;
  children: ReactNode;
}) {
  const [width, setWidth] = useChartWidth();
  const visible = series.map((item) => item.key).filter((key) => !hidden.has(key));
  const leftScale = scaleFor(
    valuesOf(
      data,
      visible.filter((key) => !rightKeys.includes(key)),
    ),
    { zero },
  );
  const rightScale = scaleFor(
    valuesOf(
      data,
      visible.filter((key) => rightKeys.includes(key)),
    ),
    { zero },
  );
  const from = data[0]?.at ?? 0;
  const to = data.at(-1)?.at ?? from;
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={setWidth}>
      <LineChart data={data as Array<{ at: number }>} margin={{ top: 10, right: 4, bottom: 0, left: 4 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
        {timeAxis(from, to, width - 110, { utc })}
        {valueAxis(leftScale, { id: left })}
        {valueAxis(rightScale, { id: right, orientation: 'right' })}
        {figureTooltip(label, format)}
        {children}
      </LineChart>
    </ResponsiveContainer>
  );
}

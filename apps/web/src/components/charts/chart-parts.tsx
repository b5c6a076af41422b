import type { ReactNode } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SeriesSpec } from './ChartCard.tsx';
import { compactNumber, shortDate } from './ranges.ts';

export const axisTick = { fontSize: 11, fill: '#64748b' };
export const tooltipStyle = { borderRadius: 12, border: '1px solid #e2e8f0', fontSize: 12 };

// Recharts reads its axes and lines from its direct children, so these return elements rather than components.
/** A time axis over the points' `at` (epoch milliseconds). */
export const timeAxis = () => (
  <XAxis
    dataKey="at"
    type="number"
    scale="time"
    domain={['dataMin', 'dataMax']}
    tickFormatter={shortDate}
    minTickGap={28}
    tick={axisTick}
  />
);

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

/**
 * A line chart over time with a scale on each side: lines and markers (the children) name `left` or
 * `right` as their axis. `rightTicks` formats the right scale (compact numbers unless given).
 */
export function TwoScaleTimeChart({
  data,
  left,
  right,
  rightTicks = compactNumber,
  label,
  format,
  children,
}: {
  data: ReadonlyArray<{ at: number }>;
  left: string;
  right: string;
  rightTicks?: (value: number) => string;
  label: (at: number) => string;
  format: (value: number) => string;
  children: ReactNode;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data as Array<{ at: number }>} margin={{ top: 8, right: 0, bottom: 0, left: -8 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
        {timeAxis()}
        <YAxis yAxisId={left} tickFormatter={compactNumber} tick={axisTick} width={44} />
        <YAxis yAxisId={right} orientation="right" tickFormatter={rightTicks} tick={axisTick} width={44} />
        <Tooltip
          labelFormatter={(at) => label(Number(at))}
          formatter={(value) => (typeof value === 'number' ? format(value) : value)}
          contentStyle={tooltipStyle}
        />
        {children}
      </LineChart>
    </ResponsiveContainer>
  );
}

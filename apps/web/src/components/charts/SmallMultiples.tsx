import type { ReactNode } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer } from 'recharts';
import type { SeriesSpec } from './ChartCard.tsx';
import {
  EDGE,
  figureTooltip,
  scaleFor,
  timeAxis,
  useChartWidth,
  valueAxis,
  valuesOf,
} from './chart-parts.tsx';
import { bandValues, type ExpectedBand, expectedBands } from './expected-bands.tsx';

/** One small chart of a series over time, on a scale of its own. */
function Panel({
  data,
  spec,
  label,
  format,
  utc,
  zero,
  bands = [],
  children,
}: {
  data: ReadonlyArray<{ at: number }>;
  spec: SeriesSpec;
  label: (at: number) => string;
  format: (value: number) => string;
  utc?: boolean;
  zero?: boolean;
  bands?: readonly ExpectedBand[];
  children?: ReactNode;
}) {
  const [width, setWidth] = useChartWidth(300);
  const scale = scaleFor([...valuesOf(data, [spec.key]), ...bandValues(bands)], { zero, count: 4 });
  const from = data[0]?.at ?? 0;
  const to = data.at(-1)?.at ?? from;
  return (
    <figure className="min-w-0" data-testid="small-multiple">
      <figcaption className="flex items-center gap-1.5 text-xs font-semibold text-slate-700">
        <span
          className="h-2 w-2 shrink-0 rounded-full"
          style={{ backgroundColor: spec.color }}
          aria-hidden="true"
        />
        {spec.label}
      </figcaption>
      <div className="h-36 w-full">
        <ResponsiveContainer width="100%" height="100%" onResize={setWidth}>
          <LineChart
            data={data as Array<{ at: number }>}
            margin={{ top: 10, right: EDGE, bottom: 0, left: 4 }}
          >
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            {timeAxis(from, to, width - 60, { utc })}
            {valueAxis(scale)}
            {figureTooltip(label, format)}
            {expectedBands(bands)}
            <Line
              dataKey={spec.key}
              name={spec.label}
              stroke={spec.color}
              strokeWidth={2}
              dot={data.length < 40}
              connectNulls={false}
              isAnimationActive={false}
            />
            {children}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/**
 * Series of different sizes side by side, each on its own fitted scale (two to a row from small-tablet
 * width, one on a phone), so a small one does not lie flat under a large one. `markers` draws the chapter
 * releases in each; `bands` draws, on the series they are keyed by, what a trend expected after a moment.
 */
export function SmallMultiples({
  data,
  series,
  hidden,
  label,
  format,
  utc,
  zero,
  markers,
  bands,
}: {
  data: ReadonlyArray<{ at: number }>;
  series: SeriesSpec[];
  hidden: ReadonlySet<string>;
  label: (at: number) => string;
  format: (value: number) => string;
  utc?: boolean;
  zero?: boolean;
  markers?: () => ReactNode;
  bands?: Partial<Record<string, readonly ExpectedBand[]>>;
}) {
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
      {series
        .filter((spec) => !hidden.has(spec.key))
        .map((spec) => (
          <Panel
            key={spec.key}
            data={data}
            spec={spec}
            label={label}
            format={format}
            utc={utc}
            zero={zero}
            bands={bands?.[spec.key]}
          >
            {markers?.()}
          </Panel>
        ))}
    </div>
  );
}

import type { CompareSeries } from '@rrc/contract';
import { fictionPath, MAX_COMPARE, royalroadFictionId } from '@rrc/contract/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis } from 'recharts';
import { ChartCard, type SeriesSpec } from '../../components/charts/ChartCard.tsx';
import {
  axisTick,
  EDGE,
  figureTooltip,
  useChartWidth,
  valueAxis,
} from '../../components/charts/chart-parts.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { dateTicks, logScale, niceScale, ticksThatFit } from '../../lib/chart-ticks.ts';
import { type CompareAlign, useComparison } from './api/get-comparison.ts';
import {
  CompareMilestones,
  COMPARE_METRICS as METRICS,
  type CompareMetric as Metric,
} from './components/CompareMilestones.tsx';
import { figure } from './components/format.ts';

const COLORS = ['#4f46e5', '#f59e0b', '#10b981', '#ef4444', '#0ea5e9', '#a855f7'];

/** The Royal Road ids of the address (`?ids=1,2,3`), in order, without repeats or anything else. */
function idsIn(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => royalroadFictionId(part))
    .filter((id): id is number => id !== null);
  return [...new Set(ids)].slice(0, MAX_COMPARE);
}

type CompareScale = 'linear' | 'log';

/** The days of the launch axis: whole days in round steps, as many as fit. */
function dayScale(from: number, to: number, width: number) {
  return niceScale(from, to, { count: Math.min(8, ticksThatFit(width, 40)), minStep: 1 });
}

function MetricChart({
  metric,
  label,
  series,
  specs,
  align,
  scale: scaleKind,
}: {
  metric: Metric;
  label: string;
  series: CompareSeries[];
  specs: SeriesSpec[];
  align: CompareAlign;
  scale: CompareScale;
}) {
  const [width, setWidth] = useChartWidth();
  const x = (point: CompareSeries['points'][number]) =>
    align === 'launch' ? point.day : Date.parse(point.captured_at);
  // A log scale has no place for 0: such a point is left out there.
  const y = (value: number | null) => (value === null || (scaleKind === 'log' && value <= 0) ? null : value);
  const known = series.some((item) => item.points.some((point) => point[metric] !== null));
  return (
    <ChartCard title={label} series={specs} empty={known ? null : `No ${label.toLowerCase()} known yet.`}>
      {(hidden) => {
        const shown = series.filter((_, index) => !hidden.has((specs[index] as SeriesSpec).key));
        const xs = shown.flatMap((item) => item.points.map(x));
        const ys = shown.flatMap((item) => item.points.flatMap((point) => y(point[metric]) ?? []));
        const from = xs.length ? Math.min(...xs) : 0;
        const to = xs.length ? Math.max(...xs) : 1;
        const plot = width - 70;
        const days = align === 'launch' ? dayScale(from, to, plot) : null;
        const dates = align === 'calendar' ? dateTicks(from, to, { maxTicks: ticksThatFit(plot, 40) }) : null;
        const yScale =
          scaleKind === 'log'
            ? logScale(ys.length ? Math.min(...ys) : 1, ys.length ? Math.max(...ys) : 10)
            : ys.length
              ? niceScale(Math.min(...ys), Math.max(...ys))
              : niceScale(0, 1, { zero: true });
        return (
          <ResponsiveContainer width="100%" height="100%" onResize={setWidth}>
            <LineChart margin={{ top: 10, right: EDGE, bottom: 0, left: 4 }}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              <XAxis
                dataKey="x"
                type="number"
                scale={align === 'launch' ? 'linear' : 'time'}
                domain={days ? days.domain : [from, to]}
                ticks={days ? days.ticks : dates?.ticks}
                interval={0}
                allowDataOverflow
                allowDuplicatedCategory={false}
                tickFormatter={days ? (day: number) => `day ${day}` : dates?.format}
                tick={axisTick}
              />
              {valueAxis(yScale, { log: scaleKind === 'log' })}
              {figureTooltip(
                (value) =>
                  align === 'launch'
                    ? `Day ${figure(value, 1)}`
                    : new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' }),
                (value) => value.toLocaleString(),
              )}
              {series.map((item, index) => {
                const spec = specs[index] as SeriesSpec;
                return (
                  <Line
                    key={spec.key}
                    data={item.points.map((point) => ({ x: x(point), value: y(point[metric]) }))}
                    dataKey="value"
                    name={item.title}
                    stroke={spec.color}
                    strokeWidth={2}
                    dot={item.points.length < 40}
                    hide={hidden.has(spec.key)}
                    isAnimationActive={false}
                  />
                );
              })}
            </LineChart>
          </ResponsiveContainer>
        );
      }}
    </ChartCard>
  );
}

/**
 * `/compare?ids=…&align=…`: up to 6 fictions side by side, by days since their first chapter or by date.
 * The address holds the whole comparison, so it can be shared.
 */
export function ComparePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = idsIn(params.get('ids'));
  const align: CompareAlign = params.get('align') === 'calendar' ? 'calendar' : 'launch';
  const scale: CompareScale = params.get('scale') === 'log' ? 'log' : 'linear';
  const comparison = useComparison(ids, align);
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Compare fictions · RR Companion';
    return () => {
      document.title = 'RR Companion';
    };
  }, []);

  // Commas stay commas, so the address reads (and shares) as `?ids=1,2,3`.
  const go = (next: number[], nextAlign = align, nextScale = scale) => {
    const parts = [
      ...(next.length ? [`ids=${next.join(',')}`] : []),
      ...(nextAlign === 'calendar' ? ['align=calendar'] : []),
      ...(nextScale === 'log' ? ['scale=log'] : []),
    ];
    navigate(parts.length ? `/compare?${parts.join('&')}` : '/compare');
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const id = royalroadFictionId(input);
    if (id === null) return setInputError('Enter a Royal Road fiction link or id.');
    if (ids.includes(id)) return setInputError('That fiction is already compared.');
    if (ids.length >= MAX_COMPARE) return setInputError(`At most ${MAX_COMPARE} fictions can be compared.`);
    setInputError(null);
    setInput('');
    go([...ids, id]);
  };

  const series = comparison.data?.series ?? [];
  const specs: SeriesSpec[] = series.map((item, index) => ({
    key: String(item.royalroad_id),
    label: item.title,
    color: COLORS[index % COLORS.length] as string,
  }));
  const undated = series.filter((item) => item.first_chapter_at === null);

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Compare fictions</h1>
        <p className="mt-1 text-slate-600">
          Followers, views and pages of up to {MAX_COMPARE} fictions side by side, from their first chapter or
          by date. Share the address to share the comparison.
        </p>
      </div>

      <section
        className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        aria-label="Fictions compared"
      >
        {ids.length > 0 && (
          <ul className="flex flex-wrap gap-2">
            {ids.map((id, index) => {
              const title = series.find((item) => item.royalroad_id === id)?.title ?? `Fiction ${id}`;
              return (
                <li
                  key={id}
                  className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-50 py-1 pr-1 pl-3 text-sm ring-1 ring-slate-200"
                >
                  <span
                    className="h-2.5 w-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: COLORS[index % COLORS.length] }}
                    aria-hidden="true"
                  />
                  <Link to={fictionPath(id, title)} className="truncate text-slate-800 hover:underline">
                    {title}
                  </Link>
                  <button
                    type="button"
                    onClick={() => go(ids.filter((other) => other !== id))}
                    className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                    aria-label={`Remove ${title}`}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <form onSubmit={add} className="flex flex-wrap items-start gap-2">
          <label htmlFor="compare-add" className="sr-only">
            Royal Road fiction link or id
          </label>
          <input
            id="compare-add"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder="Royal Road fiction link or id"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? 'compare-add-error' : undefined}
          />
          <Button type="submit" variant="secondary" disabled={ids.length >= MAX_COMPARE}>
            Add
          </Button>
        </form>
        {inputError && (
          <p id="compare-add-error" className="text-sm text-red-700">
            {inputError}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <fieldset className="inline-flex rounded-lg border-0 bg-slate-200/70 p-1">
            <legend className="sr-only">Time axis</legend>
            {(
              [
                ['launch', 'Days since first chapter'],
                ['calendar', 'Calendar dates'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={align === value}
                onClick={() => go(ids, value)}
                className={`rounded-md px-3 py-1 text-xs font-semibold sm:text-sm ${
                  align === value
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                {label}
              </button>
            ))}
          </fieldset>
          <fieldset className="inline-flex rounded-lg border-0 bg-slate-200/70 p-1">
            <legend className="sr-only">Value scale</legend>
            {(
              [
                ['linear', 'Linear scale'],
                ['log', 'Log scale'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={scale === value}
                onClick={() => go(ids, align, value)}
                className={`rounded-md px-3 py-1 text-xs font-semibold sm:text-sm ${
                  scale === value
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                {label}
              </button>
            ))}
          </fieldset>
        </div>
      </section>

      {ids.length === 0 ? (
        <p className="text-slate-600">
          Add a fiction above, or open one and press <strong>Compare</strong>.
        </p>
      ) : comparison.isPending ? (
        <p className="flex items-center gap-3 text-slate-600">
          <Spinner label="Loading" /> Loading the comparison...
        </p>
      ) : comparison.isError ? (
        <Alert tone="error">{comparison.error.message}</Alert>
      ) : (
        <>
          {align === 'launch' && undated.length > 0 && (
            <Alert tone="info">
              {undated.map((item) => item.title).join(', ')}: no chapter release dates known yet, so{' '}
              {undated.length === 1 ? 'it is' : 'they are'} shown only on calendar dates.
            </Alert>
          )}
          {METRICS.map((metric) => (
            <MetricChart
              key={metric.key}
              metric={metric.key}
              label={metric.label}
              series={series}
              specs={specs}
              align={align}
              scale={scale}
            />
          ))}
          <CompareMilestones series={series} specs={specs} />
        </>
      )}
    </div>
  );
}

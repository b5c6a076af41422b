import type { AnalyticsRange, FictionAnalytics } from '@rrc/contract';
import { useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, type SeriesSpec } from '../../../components/charts/ChartCard.tsx';
import { RangePicker } from '../../../components/charts/RangePicker.tsx';
import { compactNumber, shortDate } from '../../../components/charts/ranges.ts';
import { type Release, releaseMarkers, releasesWithin } from '../../../components/charts/release-markers.tsx';
import { ChaptersTable } from './ChaptersTable.tsx';
import { duration, figure, signed } from './format.ts';

const GAINS: SeriesSpec[] = [
  { key: 'followers_gained', label: 'Followers', color: '#4f46e5' },
  { key: 'favorites_gained', label: 'Favorites', color: '#0ea5e9' },
  { key: 'ratings_gained', label: 'Ratings', color: '#ef4444' },
  { key: 'views_gained', label: 'Views', color: '#f59e0b' },
];
const RATIOS: SeriesSpec[] = [
  { key: 'views_per_follower', label: 'Views per follower', color: '#f59e0b' },
  { key: 'favorites_per_follower', label: 'Favorites per follower', color: '#0ea5e9' },
];

const axisTick = { fontSize: 11, fill: '#64748b' };
const tooltipStyle = { borderRadius: 12, border: '1px solid #e2e8f0', fontSize: 12 };
const dayLabel = (at: number) =>
  new Date(at).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function lines(series: SeriesSpec[], hidden: ReadonlySet<string>, axisOf: (key: string) => string) {
  return series.map((item) => (
    <Line
      key={item.key}
      yAxisId={axisOf(item.key)}
      dataKey={item.key}
      name={item.label}
      stroke={item.color}
      strokeWidth={2}
      dot={false}
      // A gap of more than 3 days stays a gap.
      connectNulls={false}
      hide={hidden.has(item.key)}
      isAnimationActive={false}
    />
  ));
}

function timeAxis() {
  return (
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
}

/** The cadence in one sentence, with the days behind the release-day figures. */
function CadenceLine({ cadence }: { cadence: FictionAnalytics['cadence'] }) {
  const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;
  return (
    <p className="text-sm text-slate-700" data-testid="cadence">
      <strong>{figure(cadence.chapters_per_week, 2)}</strong> chapters a week over the last 4 weeks · median
      gap <strong>{duration(cadence.median_gap_hours)}</strong> · release-day lift{' '}
      <strong>{signed(cadence.release_day_lift)}</strong> followers a day (
      {figure(cadence.followers_per_release_day)} on {days(cadence.days_with_release)} with a release,{' '}
      {figure(cadence.followers_per_other_day)} on {days(cadence.days_without_release)} without)
    </p>
  );
}

/**
 * A fiction's growth per day (gains scaled to 24 hours, from consecutive snapshots) and per chapter, over
 * the chosen range, with its chapter releases marked.
 */
export function GrowthSection({
  analytics,
  range,
  onRange,
  loading,
}: {
  analytics: FictionAnalytics;
  range: AnalyticsRange;
  onRange: (range: AnalyticsRange) => void;
  loading: boolean;
}) {
  const rows = useMemo(
    () => analytics.daily.map((day) => ({ ...day, at: Date.parse(`${day.date}T12:00:00Z`) })),
    [analytics.daily],
  );
  const releases = useMemo<Release[]>(
    () =>
      analytics.chapters.map((chapter) => ({ title: chapter.title, at: Date.parse(chapter.published_at) })),
    [analytics.chapters],
  );
  const inSpan = releasesWithin(releases, rows);
  const noDays = rows.length === 0 ? 'No statistics recorded in this period yet.' : null;

  return (
    <section className="space-y-4" aria-labelledby="growth-heading" aria-busy={loading}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="growth-heading" className="text-lg font-semibold text-slate-900">
          Growth
        </h2>
        <RangePicker value={range} onChange={onRange} label="Date range of the growth figures" />
      </div>
      <CadenceLine cadence={analytics.cadence} />
      <ChartCard
        title="Gained per day"
        description="From consecutive snapshots, scaled to 24 hours; views use the right-hand scale. Gaps of more than 3 days stay empty."
        series={GAINS}
        empty={noDays}
        releases={inSpan.length}
      >
        {(hidden, markers) => (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 8, right: 0, bottom: 0, left: -8 }}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              {timeAxis()}
              <YAxis yAxisId="counts" tickFormatter={compactNumber} tick={axisTick} width={44} />
              <YAxis
                yAxisId="views"
                orientation="right"
                tickFormatter={compactNumber}
                tick={axisTick}
                width={44}
              />
              <Tooltip
                labelFormatter={(at) => dayLabel(Number(at))}
                formatter={(value) => (typeof value === 'number' ? figure(value, 2) : value)}
                contentStyle={tooltipStyle}
              />
              {lines(GAINS, hidden, (key) => (key === 'views_gained' ? 'views' : 'counts'))}
              {markers.shown && releaseMarkers(inSpan, { ...markers, yAxisId: 'counts' })}
            </LineChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
      <ChartCard
        title="Per follower"
        description="Total views and favorites divided by followers; favorites use the right-hand scale."
        series={RATIOS}
        empty={noDays}
        releases={inSpan.length}
      >
        {(hidden, markers) => (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 8, right: 0, bottom: 0, left: -8 }}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              {timeAxis()}
              <YAxis yAxisId="views" tickFormatter={compactNumber} tick={axisTick} width={44} />
              <YAxis yAxisId="favorites" orientation="right" tick={axisTick} width={44} />
              <Tooltip
                labelFormatter={(at) => dayLabel(Number(at))}
                formatter={(value) => (typeof value === 'number' ? figure(value, 2) : value)}
                contentStyle={tooltipStyle}
              />
              {lines(RATIOS, hidden, (key) => (key === 'views_per_follower' ? 'views' : 'favorites'))}
              {markers.shown && releaseMarkers(inSpan, { ...markers, yAxisId: 'views' })}
            </LineChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
      <ChaptersTable chapters={analytics.chapters} />
    </section>
  );
}

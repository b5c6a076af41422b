import type { AnalyticsRange, FictionAnalytics } from '@rrc/contract';
import { useMemo } from 'react';
import { ChartCard, type SeriesSpec } from '../../../components/charts/ChartCard.tsx';
import { lines, TwoScaleTimeChart } from '../../../components/charts/chart-parts.tsx';
import { RangePicker } from '../../../components/charts/RangePicker.tsx';
import { type Release, releaseMarkers, releasesWithin } from '../../../components/charts/release-markers.tsx';
import { SmallMultiples } from '../../../components/charts/SmallMultiples.tsx';
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

const dayLabel = (at: number) =>
  new Date(at).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The cadence in one sentence, with the days behind the release-day figures. */
function CadenceLine({ cadence }: { cadence: FictionAnalytics['cadence'] }) {
  const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;
  return (
    <p className="text-sm text-slate-700" data-testid="cadence">
      <strong>{figure(cadence.chapters_per_week, 2)}</strong> chapters a week in the 4 weeks before its latest
      snapshot · median gap <strong>{duration(cadence.median_gap_hours)}</strong> · release-day lift{' '}
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
        description="From consecutive snapshots, scaled to 24 hours; each on its own scale. Gaps of more than 3 days stay empty. Over a year ago, one point a week: the average of its days."
        series={GAINS}
        empty={noDays}
        releases={inSpan.length}
        tall
      >
        {(hidden, markers) => (
          <SmallMultiples
            data={rows}
            series={GAINS}
            hidden={hidden}
            label={dayLabel}
            format={(value) => figure(value, 2)}
            utc
            zero
            markers={() => markers.shown && releaseMarkers(inSpan, markers)}
          />
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
          <TwoScaleTimeChart
            data={rows}
            series={RATIOS}
            hidden={hidden}
            rightKeys={['favorites_per_follower']}
            left="views"
            right="favorites"
            utc
            label={dayLabel}
            format={(value) => figure(value, 2)}
          >
            {lines(RATIOS, hidden, {
              axisOf: (key) => (key === 'views_per_follower' ? 'views' : 'favorites'),
            })}
            {markers.shown && releaseMarkers(inSpan, { ...markers, yAxisId: 'views' })}
          </TwoScaleTimeChart>
        )}
      </ChartCard>
      <ChaptersTable chapters={analytics.chapters} />
    </section>
  );
}

import type { RisingStarRecord, SnapshotPoint } from '@rrc/contract';
import { compareGenres, genreLabel } from '@rrc/contract/rules';
import { useMemo, useState } from 'react';
import { CartesianGrid, LineChart, ResponsiveContainer, Tooltip, YAxis } from 'recharts';
import { ChartCard, type SeriesSpec } from '../../../components/charts/ChartCard.tsx';
import {
  axisTick,
  lines,
  TwoScaleTimeChart,
  timeAxis,
  tooltipStyle,
} from '../../../components/charts/chart-parts.tsx';
import { RangePicker } from '../../../components/charts/RangePicker.tsx';
import { longDate, type RangeKey, withinRange } from '../../../components/charts/ranges.ts';
import { type Release, releaseMarkers, releasesWithin } from '../../../components/charts/release-markers.tsx';

const PALETTE = [
  '#4f46e5',
  '#f59e0b',
  '#10b981',
  '#ef4444',
  '#0ea5e9',
  '#a855f7',
  '#14b8a6',
  '#f97316',
  '#64748b',
  '#ec4899',
];

const ENGAGEMENT: SeriesSpec[] = [
  { key: 'followers', label: 'Followers', color: '#4f46e5' },
  { key: 'total_views', label: 'Total views', color: '#f59e0b' },
  { key: 'pages', label: 'Pages', color: '#10b981' },
  { key: 'ratings', label: 'Ratings', color: '#ef4444' },
  { key: 'favorites', label: 'Favorites', color: '#0ea5e9' },
];

const QUALITY: SeriesSpec[] = [
  { key: 'overall_score', label: 'Overall', color: '#4f46e5' },
  { key: 'style_score', label: 'Style', color: '#f59e0b' },
  { key: 'story_score', label: 'Story', color: '#10b981' },
  { key: 'grammar_score', label: 'Grammar', color: '#ef4444' },
  { key: 'character_score', label: 'Character', color: '#0ea5e9' },
];

/**
 * The three charts of a fiction over its snapshot history, with a shared date range, and the releases of
 * its chapters as markers.
 */
export function FictionCharts({
  points,
  records,
  releases = [],
}: {
  points: SnapshotPoint[];
  records: RisingStarRecord[];
  releases?: Release[];
}) {
  const [range, setRange] = useState<RangeKey>('all');

  const history = useMemo(
    () => points.map((point) => ({ ...point, at: Date.parse(point.captured_at) })),
    [points],
  );
  const shown = withinRange(history, range);

  const { rows: rankRows, genres } = useMemo(() => {
    const byTime = new Map<number, Record<string, number>>();
    const seen = new Set<string>();
    for (const record of records) {
      const at = Date.parse(record.captured_at);
      const row = byTime.get(at) ?? { at };
      row[record.genre] = record.position;
      byTime.set(at, row);
      seen.add(record.genre);
    }
    return {
      rows: [...byTime.values()].sort((a, b) => (a.at ?? 0) - (b.at ?? 0)) as Array<
        { at: number } & Record<string, number>
      >,
      genres: [...seen].sort(compareGenres),
    };
  }, [records]);
  const rankShown = withinRange(rankRows, range);
  const rankSeries = genres.map((genre, index) => ({
    key: genre,
    label: genre === 'main' ? 'Main list' : genreLabel(genre),
    color: PALETTE[index % PALETTE.length] as string,
  }));

  const hasScores = shown.some((point) =>
    QUALITY.some((series) => typeof point[series.key as keyof SnapshotPoint] === 'number'),
  );
  const releasesShown = releasesWithin(releases, shown);
  const rankReleases = releasesWithin(releases, rankShown);
  const noHistory = shown.length === 0 ? 'No statistics recorded in this period yet.' : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Current Charts</h2>
        <RangePicker value={range} onChange={setRange} />
      </div>

      <ChartCard
        title="Rising Stars performance"
        description="Position on each list over time; 1 is the top."
        series={rankSeries}
        empty={rankShown.length === 0 ? 'Not on a Rising Stars list in this period.' : null}
        releases={rankReleases.length}
      >
        {(hidden, markers) => (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rankShown} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              {timeAxis()}
              <YAxis reversed domain={[1, 'dataMax']} allowDecimals={false} tick={axisTick} width={36} />
              <Tooltip
                labelFormatter={(at) => longDate(Number(at))}
                formatter={(value) => `#${value}`}
                contentStyle={tooltipStyle}
              />
              {lines(rankSeries, hidden, { dots: rankShown.length < 40 })}
              {markers.shown && releaseMarkers(rankReleases, markers)}
            </LineChart>
          </ResponsiveContainer>
        )}
      </ChartCard>

      <ChartCard
        title="Engagement and growth"
        description="Views use the right-hand scale."
        series={ENGAGEMENT}
        empty={noHistory}
        releases={releasesShown.length}
      >
        {(hidden, markers) => (
          <TwoScaleTimeChart
            data={shown}
            left="counts"
            right="views"
            label={longDate}
            format={(value) => value.toLocaleString()}
          >
            {lines(ENGAGEMENT, hidden, { axisOf: (key) => (key === 'total_views' ? 'views' : 'counts') })}
            {markers.shown && releaseMarkers(releasesShown, { ...markers, yAxisId: 'counts' })}
          </TwoScaleTimeChart>
        )}
      </ChartCard>

      <ChartCard
        title="Perceived quality"
        description="Scores out of 5."
        series={QUALITY}
        empty={noHistory ?? (hasScores ? null : 'No scores recorded in this period yet.')}
        releases={releasesShown.length}
      >
        {(hidden, markers) => (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={shown} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              {timeAxis()}
              <YAxis domain={[0, 5]} ticks={[0, 1, 2, 3, 4, 5]} tick={axisTick} width={36} />
              <Tooltip
                labelFormatter={(at) => longDate(Number(at))}
                formatter={(value) => (typeof value === 'number' ? value.toFixed(2) : value)}
                contentStyle={tooltipStyle}
              />
              {lines(QUALITY, hidden)}
              {markers.shown && releaseMarkers(releasesShown, markers)}
            </LineChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
    </div>
  );
}

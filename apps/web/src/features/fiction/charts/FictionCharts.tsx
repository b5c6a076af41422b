import type { RisingStarRecord, SnapshotPoint } from '@rrc/contract';
import { compareGenres, genreLabel } from '@rrc/contract/rules';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { CartesianGrid, LineChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartCard, type SeriesSpec } from '../../../components/charts/ChartCard.tsx';
import {
  ChartTooltip,
  EDGE,
  figureTooltip,
  lines,
  scaleFor,
  timeAxis,
  useChartWidth,
  valueAxis,
  valuesOf,
} from '../../../components/charts/chart-parts.tsx';
import type { ExpectedBand } from '../../../components/charts/expected-bands.tsx';
import { RangePicker } from '../../../components/charts/RangePicker.tsx';
import { longDate, type RangeKey, withinRange } from '../../../components/charts/ranges.ts';
import {
  markersLabel,
  type Release,
  releaseMarkers,
  releasesWithin,
} from '../../../components/charts/release-markers.tsx';
import { SmallMultiples } from '../../../components/charts/SmallMultiples.tsx';
import { rankScale } from '../../../lib/chart-ticks.ts';

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

/** Whether a snapshot holds any score. */
const scored = (point: SnapshotPoint) =>
  QUALITY.some((series) => typeof point[series.key as keyof SnapshotPoint] === 'number');

/** Positions on each Rising Stars list over time, 1 at the top, on a round scale fitted to them. */
function RankChart({
  rows,
  series,
  hidden,
  children,
}: {
  rows: Array<{ at: number } & Record<string, number>>;
  series: SeriesSpec[];
  hidden: ReadonlySet<string>;
  children: ReactNode;
}) {
  const [width, setWidth] = useChartWidth();
  const positions = valuesOf(
    rows,
    series.map((item) => item.key).filter((key) => !hidden.has(key)),
  );
  const scale = positions.length
    ? rankScale(Math.min(...positions), Math.max(...positions))
    : rankScale(1, 1);
  const from = rows[0]?.at ?? 0;
  const to = rows.at(-1)?.at ?? from;
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={setWidth}>
      <LineChart data={rows} margin={{ top: 10, right: EDGE, bottom: 0, left: 4 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
        {timeAxis(from, to, width - 60)}
        {valueAxis(scale, { reversed: true, format: (value) => `#${value}` })}
        <Tooltip
          content={(props) => (
            <ChartTooltip
              active={props.active}
              payload={props.payload}
              label={props.label}
              title={longDate}
              order="ascending"
              row={(name, value) => `#${value} ${name}`}
            />
          )}
        />
        {lines(series, hidden, { dots: rows.length < 40 })}
        {children}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** The scores over time on a scale fitted to them (within 0–5), so a move from 4.3 to 4.6 shows. */
function ScoreChart({
  rows,
  hidden,
  children,
}: {
  rows: Array<{ at: number }>;
  hidden: ReadonlySet<string>;
  children: ReactNode;
}) {
  const [width, setWidth] = useChartWidth();
  const scale = scaleFor(
    valuesOf(
      rows,
      QUALITY.map((item) => item.key).filter((key) => !hidden.has(key)),
    ),
    { floor: 0, ceiling: 5 },
  );
  const from = rows[0]?.at ?? 0;
  const to = rows.at(-1)?.at ?? from;
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={setWidth}>
      <LineChart data={rows} margin={{ top: 10, right: EDGE, bottom: 0, left: 4 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
        {timeAxis(from, to, width - 60)}
        {valueAxis(scale)}
        {figureTooltip(longDate, (value) => value.toFixed(2))}
        {lines(QUALITY, hidden, { dots: rows.length < 40 })}
        {children}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** The expected bands of the author's events among `releases`: what their trend said of the week after. */
const bandsOf = (releases: readonly Release[]): ExpectedBand[] =>
  releases.flatMap((release) =>
    release.expected ? [{ title: release.title, at: release.at, ...release.expected }] : [],
  );

/**
 * The charts of a fiction (its scores only when it has any) over its snapshot history, with a shared date range, and the releases of
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

  // A fiction never scored (the sample carries no scores) gets no score chart at all, rather than an empty box.
  const everScored = useMemo(() => points.some(scored), [points]);
  const hasScores = shown.some(scored);
  const releasesShown = releasesWithin(releases, shown);
  const rankReleases = releasesWithin(releases, rankShown);
  const followerBands = bandsOf(releasesShown);
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
        markerLabel={markersLabel(rankReleases)}
      >
        {(hidden, markers) => (
          <RankChart rows={rankShown} series={rankSeries} hidden={hidden}>
            {markers.shown && releaseMarkers(rankReleases, markers)}
          </RankChart>
        )}
      </ChartCard>

      <ChartCard
        title="Engagement and growth"
        description={
          followerBands.length > 0
            ? 'Each on its own scale. After each event of yours, the dashed line and the shade around it are what the trend before it expected of the followers.'
            : 'Each on its own scale.'
        }
        series={ENGAGEMENT}
        tall
        empty={noHistory}
        releases={releasesShown.length}
        markerLabel={markersLabel(releasesShown)}
      >
        {(hidden, markers) => (
          <SmallMultiples
            data={shown}
            series={ENGAGEMENT}
            hidden={hidden}
            label={longDate}
            format={(value) => value.toLocaleString()}
            markers={() => markers.shown && releaseMarkers(releasesShown, markers)}
            bands={markers.shown ? { followers: followerBands } : undefined}
          />
        )}
      </ChartCard>

      {everScored && (
        <ChartCard
          title="Perceived quality"
          description="Scores out of 5; the scale is fitted to the scores shown."
          series={QUALITY}
          empty={noHistory ?? (hasScores ? null : 'No scores recorded in this period yet.')}
          releases={releasesShown.length}
          markerLabel={markersLabel(releasesShown)}
        >
          {(hidden, markers) => (
            <ScoreChart rows={shown} hidden={hidden}>
              {markers.shown && releaseMarkers(releasesShown, markers)}
            </ScoreChart>
          )}
        </ChartCard>
      )}
    </div>
  );
}

import { ReferenceLine } from 'recharts';
import type { ExpectedBand } from './expected-bands.tsx';

/**
 * A moment marked on a time chart: a chapter's release (the default), a change detected on the fiction
 * (its title, tags, a Rising Stars entry…), or something its author did (a shoutout, an ad…).
 */
export interface Release {
  title: string;
  /** Epoch milliseconds. */
  at: number;
  kind?: 'chapter' | 'change' | 'author';
  /** For the author's events: what the trend before expected of the followers in the week after. */
  expected?: Omit<ExpectedBand, 'title' | 'at'>;
}

const MARKER_COLORS = { chapter: '#94a3b8', change: '#8b5cf6', author: '#059669' } as const;

/** The legend's name for a chart's markers: chapter releases alone, or with changes and the author's events. */
export function markersLabel(releases: readonly Release[]): string {
  return releases.every((release) => (release.kind ?? 'chapter') === 'chapter')
    ? 'Chapter releases'
    : 'Releases and events';
}

/** Above this many releases in range, a chart starts with its markers hidden. */
export const MAX_MARKERS_SHOWN = 200;

/** The releases within the time span of a chart's points. */
export function releasesWithin(
  releases: readonly Release[],
  points: ReadonlyArray<{ at: number }>,
): Release[] {
  const first = points[0]?.at;
  const last = points.at(-1)?.at;
  if (first === undefined || last === undefined) return [];
  return releases.filter((release) => release.at >= first && release.at <= last);
}

// Recharts reads its reference lines from the chart's direct children, so this returns elements.
/** A thin mark per release, with a wider invisible band that answers hover and tap. */
export function releaseMarkers(
  releases: readonly Release[],
  options: { yAxisId?: string | number; active: Release | null; select: (release: Release) => void },
) {
  return releases.map((release, index) => (
    <ReferenceLine
      // biome-ignore lint/suspicious/noArrayIndexKey: two chapters can share a title and a minute
      key={`release-${index}`}
      x={release.at}
      yAxisId={options.yAxisId ?? 0}
      ifOverflow="discard"
      shape={(props: { x1?: number; y1?: number; x2?: number; y2?: number }) => {
        const { x1 = 0, y1 = 0, y2 = 0 } = props;
        const active = options.active === release;
        const kind = release.kind ?? 'chapter';
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: pointer help only; the Chapters table lists every release for the keyboard
          <g
            className="release-marker cursor-pointer"
            data-title={release.title}
            data-kind={kind}
            onMouseEnter={() => options.select(release)}
            onClick={() => options.select(release)}
          >
            <title>{release.title}</title>
            <line
              x1={x1}
              x2={x1}
              y1={y1}
              y2={y2}
              stroke={active ? '#0f172a' : MARKER_COLORS[kind]}
              strokeWidth={active || kind === 'author' ? 2 : 1}
              strokeDasharray={active || kind === 'author' ? undefined : '2 3'}
            />
            <rect x={x1 - 5} y={Math.min(y1, y2)} width={10} height={Math.abs(y2 - y1)} fill="transparent" />
          </g>
        );
      }}
    />
  ));
}

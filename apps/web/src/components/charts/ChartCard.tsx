import { type ReactNode, useState } from 'react';
import { longDate } from './ranges.ts';
import { MAX_MARKERS_SHOWN, type Release } from './release-markers.tsx';

export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
}

/** What a chart needs to draw chapter releases: whether they are on, which one was last pointed at. */
export interface MarkerState {
  shown: boolean;
  active: Release | null;
  select: (release: Release) => void;
}

const legendButton = (off: boolean) =>
  `inline-flex max-w-full items-center gap-1.5 rounded-full text-left px-2.5 py-1 text-xs font-medium ring-1 transition-colors ${
    off ? 'bg-white text-slate-400 ring-slate-200 line-through' : 'bg-slate-50 text-slate-800 ring-slate-300'
  }`;

/**
 * A chart with its own legend: each entry is a button that hides or shows its
 * series (all visible at first), so it works with a keyboard and on a phone.
 * With `releases` (the chapters released in the chart's span), the legend also
 * toggles their markers: on at first when there are at most 200.
 */
export function ChartCard({
  title,
  description,
  series,
  empty,
  releases,
  markerLabel = 'Chapter releases',
  tall = false,
  children,
}: {
  title: string;
  description?: string;
  series: SeriesSpec[];
  empty?: string | null;
  releases?: number;
  /** What the markers are called in the legend (chapter releases unless changes or events are among them). */
  markerLabel?: string;
  /** Its charts set their own height (small multiples), instead of one chart of fixed height. */
  tall?: boolean;
  children: (hidden: ReadonlySet<string>, markers: MarkerState) => ReactNode;
}) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [markersChoice, setMarkersChoice] = useState<boolean | null>(null);
  const [active, setActive] = useState<Release | null>(null);
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const markersShown = Boolean(releases) && (markersChoice ?? (releases ?? 0) <= MAX_MARKERS_SHOWN);

  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" aria-label={title}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {description && <p className="mt-0.5 text-xs text-slate-500">{description}</p>}
      {empty ? (
        <p className="flex h-48 items-center justify-center text-sm text-slate-500">{empty}</p>
      ) : (
        <>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={`${title} legend`}>
            {series.map((item) => {
              const off = hidden.has(item.key);
              return (
                <li key={item.key}>
                  <button
                    type="button"
                    aria-pressed={!off}
                    onClick={() => toggle(item.key)}
                    className={legendButton(off)}
                  >
                    <span
                      className="h-2.5 w-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: off ? '#cbd5e1' : item.color }}
                      aria-hidden="true"
                    />
                    {item.label}
                  </button>
                </li>
              );
            })}
            {Boolean(releases) && (
              <li>
                <button
                  type="button"
                  aria-pressed={markersShown}
                  onClick={() => setMarkersChoice(!markersShown)}
                  className={legendButton(!markersShown)}
                >
                  <span className="h-3 w-0.5 bg-slate-400" aria-hidden="true" />
                  {markerLabel} ({releases})
                </button>
              </li>
            )}
          </ul>
          <p className="mt-2 min-h-5 truncate text-xs text-slate-600" aria-live="polite">
            {markersShown && active && (
              <>
                <span className="font-semibold text-slate-800">{active.title}</span> ·{' '}
                {(active.kind ?? 'chapter') === 'chapter' ? 'released ' : ''}
                {longDate(active.at)}
              </>
            )}
          </p>
          <div className={tall ? 'mt-1 w-full' : 'mt-1 h-64 w-full sm:h-72'}>
            {children(hidden, { shown: markersShown, active, select: setActive })}
          </div>
        </>
      )}
    </section>
  );
}

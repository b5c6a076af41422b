import type { MainListEntry } from '@rrc/contract';
import { fictionPath } from '@rrc/contract/rules';
import { Link } from 'react-router';
import { Freshness } from '../../components/Freshness.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { Cover } from '../../components/ui/Cover.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { numberFormat } from '../../lib/intl.ts';
import { localTime, pacificTime } from '../../lib/time.ts';
import { useMainList } from './api/get-main-list.ts';

const DAY_MS = 86_400_000;

/** "5 days", "6 hours", "1 minute": how long from one moment to a later one, in the reader's language. */
function span(from: string, to: string): string | null {
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 60_000) return null;
  const [unit, size] =
    ms >= DAY_MS
      ? (['day', DAY_MS] as const)
      : ms >= 3_600_000
        ? (['hour', 3_600_000] as const)
        : (['minute', 60_000] as const);
  return numberFormat({ style: 'unit', unit, unitDisplay: 'long' }).format(Math.round(ms / size));
}

/**
 * How a fiction moved, counted from the capture the list shows (not from today: an old capture reads as it
 * stood): 'Moved up from #4 at this capture', '… 2 days before this capture', 'No change for 5 days'.
 */
function Movement({ entry, capturedAt }: { entry: MainListEntry; capturedAt: string }) {
  const before = entry.changed_at ? span(entry.changed_at, capturedAt) : null;
  const when = entry.changed_at ? (before ? `, ${before} before this capture` : ' at this capture') : '';
  if (entry.movement === 'new') {
    return (
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100 ring-inset">
        New<span className="hidden sm:inline">{when}</span>
      </span>
    );
  }
  if (entry.movement === 'same') {
    return <span className="text-xs text-slate-500">▬ No change{before && ` for ${before}`}</span>;
  }
  const up = entry.movement === 'up';
  return (
    <span className={`text-xs font-semibold ${up ? 'text-emerald-700' : 'text-rose-700'}`}>
      {/* The line is clipped to one line (every row the same height), so phones get the shorter words. */}
      <span aria-hidden="true">{up ? '▲' : '▼'}</span> <span className="sm:hidden">{up ? 'Up' : 'Down'}</span>
      <span className="hidden sm:inline">Moved {up ? 'up' : 'down'}</span> from #{entry.previous_position}
      <span className="hidden sm:inline">{when}</span>
    </span>
  );
}

/** Rows the placeholder list shows: more than fit on a tall screen, so the footer stays below the fold. */
const SKELETON_ROWS = 12;

// Every row, loaded or not, is the same height: the cover (h-16) is its tallest part, and each text line
// is a single clipped line. So the placeholder rows take exactly the space the real ones will.
const ROW_CLASS = 'flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:gap-4';

/** The list's shape while it loads: nothing moves when the rows arrive (no layout shift). */
function MainListSkeleton() {
  return (
    <div role="status" aria-label="Loading the main list">
      <ol className="space-y-2" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows that never reorder
          <li key={index} data-testid="main-entry-placeholder" className={ROW_CLASS}>
            <span className="flex w-9 shrink-0 justify-center">
              <span className="h-5 w-7 animate-pulse rounded bg-slate-200" />
            </span>
            <span className="h-16 w-11 shrink-0 animate-pulse rounded-lg bg-slate-200" />
            <span className="flex min-w-0 flex-1 flex-col gap-2">
              <span className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
              <span className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
              <span className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            </span>
            <span className="h-8 w-12 shrink-0 animate-pulse rounded bg-slate-100 sm:w-32" />
          </li>
        ))}
      </ol>
    </div>
  );
}

export function MainListPage() {
  const list = useMainList();

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Rising Stars — main list
          </h1>
          {/* Two lines on a phone, one on a wider screen, loaded or not: the buttons and list below stay put. */}
          <p className="mt-1 min-h-10 text-sm text-slate-600 sm:min-h-5">
            {list.data?.captured_at ? (
              <>
                <span className="block sm:inline">Captured {localTime(list.data.captured_at)}</span>
                <span className="hidden sm:inline"> · </span>
                <span className="block sm:inline">{pacificTime(list.data.captured_at)} Pacific time</span>
              </>
            ) : list.isPending ? (
              // Keyed so React makes new spans for the loaded text rather than moving this one.
              <span
                key="placeholder"
                className="inline-block h-4 w-64 max-w-full animate-pulse rounded bg-slate-200 align-middle"
              />
            ) : null}
          </p>
          {/* Its room is kept while the list loads, so the flag of an old capture moves nothing below. */}
          <div className="mt-2 flex min-h-7 items-center">
            <Freshness at={list.data?.captured_at ?? null} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/rising-stars-animation" className={buttonClasses('secondary')}>
            Replay rankings
          </Link>
          <Link to="/rising-stars-position" className={buttonClasses('secondary')}>
            Position Calculator
          </Link>
        </div>
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <MainListSkeleton />
        ) : list.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{failureMessage(list.error, 'Failed to load the main list')}</Alert>
            <Button variant="secondary" onClick={() => list.refetch()}>
              Retry
            </Button>
          </div>
        ) : list.data.entries.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
            No Rising Stars capture yet. The first one runs at the next scheduled time.
          </p>
        ) : (
          <ol className="space-y-2" aria-label="Main Rising Stars list">
            {list.data.entries.map((entry) => (
              <li key={entry.fiction_id} data-testid="main-entry" className={ROW_CLASS}>
                <span className="w-9 shrink-0 text-center text-lg font-bold text-slate-900 tabular-nums">
                  #{entry.position}
                </span>
                <Cover src={entry.image_url} title={entry.title} className="h-16 w-11 shrink-0" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={fictionPath(entry.royalroad_id, entry.title)}
                    className="line-clamp-1 font-semibold text-slate-900 hover:text-brand-700"
                  >
                    {entry.title}
                  </Link>
                  <p className="truncate text-xs text-slate-500">
                    by {entry.author_name ?? 'Unknown Author'}
                  </p>
                  <div className="mt-1 truncate py-0.5 text-xs">
                    <Movement entry={entry} capturedAt={list.data.captured_at as string} />
                  </div>
                </div>
                <dl className="hidden shrink-0 grid-cols-2 gap-x-5 text-right text-xs sm:grid">
                  <dt className="text-slate-500">Highest</dt>
                  <dt className="text-slate-500">Days on list</dt>
                  <dd className="font-semibold text-slate-900">#{entry.highest_position}</dd>
                  <dd className="font-semibold text-slate-900">{entry.days_on_list}</dd>
                </dl>
                <p className="shrink-0 text-right text-xs text-slate-600 sm:hidden">
                  best #{entry.highest_position}
                  <br />
                  {entry.days_on_list} d
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

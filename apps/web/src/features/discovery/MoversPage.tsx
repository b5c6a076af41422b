import type { Mover, RisingStarsMove } from '@rrc/contract';
import { DISCOVERY_GENRES, genreLabel, MOVER_WINDOWS, type MoverWindow } from '@rrc/contract/rules';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Freshness } from '../../components/Freshness.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { formatCount } from '../../lib/format.ts';
import { localTime } from '../../lib/time.ts';
import { useMovers } from './api/get-movers.ts';
import { FictionCardView, formatGain } from './components/FictionCardView.tsx';

const WINDOW_LABELS: Record<MoverWindow, string> = { '1d': '1 day', '7d': '7 days', '30d': '30 days' };
const GENRE_SLUGS = new Set(DISCOVERY_GENRES.map((genre) => genre.slug));

/** "the main list", "the Fantasy list". */
export function listName(slug: string): string {
  return slug === 'main' ? 'the main list' : `the ${genreLabel(slug)} list`;
}

/**
 * A gain per day, rounded the same way everywhere: whole followers, "under 1" for a small positive rate.
 * Null for a one-day window (the gain is already per day).
 */
export function perDay(item: Pick<Mover, 'gain_per_day'>, window: MoverWindow): string | null {
  if (window === '1d') return null;
  const rate = item.gain_per_day;
  if (rate > 0 && rate < 1) return 'under 1 a day';
  return `about ${formatCount(Math.round(rate))} a day`;
}

function MoveList({
  moves,
  verb,
  empty,
}: {
  moves: RisingStarsMove[];
  verb: 'Entered' | 'Left';
  empty: string;
}) {
  if (!moves.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {moves.map((move) => (
        <li key={move.id}>
          <FictionCardView
            fiction={move}
            extra={
              <p className="text-sm text-slate-800">
                {verb} {listName(move.list)} at{' '}
                <span className="font-semibold tabular-nums">#{move.position}</span>
                {verb === 'Left' ? ' (its place in the previous capture)' : ''}
              </p>
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** The fictions gaining the most followers, from the site's own snapshots, and the Rising Stars changes. */
export function MoversPage() {
  const [params, setParams] = useSearchParams();
  const window = (MOVER_WINDOWS as readonly string[]).includes(params.get('window') ?? '')
    ? (params.get('window') as MoverWindow)
    : '7d';
  const requestedGenre = params.get('genre');
  const genre = requestedGenre && GENRE_SLUGS.has(requestedGenre) ? requestedGenre : null;
  const movers = useMovers(window, genre);
  const genreId = useId();

  const choose = (next: { window?: MoverWindow; genre?: string | null }) => {
    const out = new URLSearchParams();
    const chosenWindow = next.window ?? window;
    const chosenGenre = next.genre === undefined ? genre : next.genre;
    if (chosenWindow !== '7d') out.set('window', chosenWindow);
    if (chosenGenre) out.set('genre', chosenGenre);
    setParams(out);
  };
  const data = movers.data;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Movers</h1>
          <p className="mt-1 text-slate-600">
            The biggest follower gains, measured between our own snapshots.
            {data?.as_of && <> As of {localTime(data.as_of)}.</>}
          </p>
          <div className="mt-2 flex min-h-7 items-center">
            <Freshness at={data?.as_of ?? null} label="Latest snapshot" />
          </div>
        </div>
        <Link to="/fictions" className="text-sm font-semibold text-brand-700 hover:underline">
          Browse every fiction →
        </Link>
      </div>
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="text-xs font-medium text-slate-700">Gained over</legend>
          <div className="mt-1 inline-flex overflow-hidden rounded-lg ring-1 ring-slate-300">
            {MOVER_WINDOWS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={option === window}
                onClick={() => choose({ window: option })}
                className={`px-3 py-1.5 text-sm font-medium ${
                  option === window ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'
                }`}
              >
                {WINDOW_LABELS[option]}
              </button>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={genreId} className="block text-xs font-medium text-slate-700">
            Genre
          </label>
          <select
            id={genreId}
            value={genre ?? ''}
            onChange={(event) => choose({ genre: event.currentTarget.value || null })}
            className="mt-1 block rounded-lg border-0 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300"
          >
            <option value="">All genres</option>
            {DISCOVERY_GENRES.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-6">
        {movers.isPending ? (
          <PageSpinner label="Loading the movers" />
        ) : movers.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{movers.error.message}</Alert>
            <Button variant="secondary" onClick={() => movers.refetch()}>
              Retry
            </Button>
          </div>
        ) : data ? (
          <div className="space-y-14">
            <section aria-labelledby="biggest-gains">
              <h2 id="biggest-gains" className="mb-4 text-lg font-semibold text-slate-900">
                Biggest gains over {WINDOW_LABELS[window]}
              </h2>
              {data.items.length === 0 ? (
                <p className="text-sm text-slate-600">
                  No fiction has a snapshot at both ends of this window yet.
                </p>
              ) : (
                <ol className="grid gap-4 md:grid-cols-2">
                  {data.items.map((item, index) => {
                    const rate = perDay(item, window);
                    return (
                      <li key={item.fiction.id} aria-label={`${index + 1}. ${item.fiction.title}`}>
                        <FictionCardView
                          fiction={item.fiction}
                          gains={false}
                          extra={
                            <p className="text-sm text-slate-800">
                              <span className="font-semibold text-emerald-700">{formatGain(item.gain)}</span>{' '}
                              followers in {WINDOW_LABELS[window]}
                              {rate ? ` (${rate})` : ''}: {formatCount(item.from)} → {formatCount(item.to)}
                            </p>
                          }
                        />
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
            <section aria-labelledby="new-on-rising-stars">
              <h2 id="new-on-rising-stars" className="mb-4 text-lg font-semibold text-slate-900">
                New on Rising Stars
              </h2>
              <MoveList
                moves={data.rising_stars.entered}
                verb="Entered"
                empty="No fiction joined Rising Stars in the latest capture."
              />
            </section>
            <section aria-labelledby="left-rising-stars">
              <h2 id="left-rising-stars" className="mb-4 text-lg font-semibold text-slate-900">
                Left Rising Stars
              </h2>
              <MoveList
                moves={data.rising_stars.left}
                verb="Left"
                empty="No fiction left Rising Stars in the latest capture."
              />
              {data.rising_stars.captured_at && data.rising_stars.previous_captured_at && (
                <p className="mt-2 text-xs text-slate-500">
                  Comparing the captures of {localTime(data.rising_stars.previous_captured_at)} and{' '}
                  {localTime(data.rising_stars.captured_at)}.
                </p>
              )}
            </section>
          </div>
        ) : null}
      </div>
    </div>
  );
}

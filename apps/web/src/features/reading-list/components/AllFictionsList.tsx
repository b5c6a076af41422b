import type { UserFiction } from '@rrc/contract';
import {
  READING_STATUS_LABELS,
  READING_STATUSES,
  type ReadingStatus,
  SCREEN_FALLBACKS,
} from '@rrc/contract/rules';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Cover } from '../../../components/ui/Cover.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCount, formatScore, titleCase } from '../../../lib/format.ts';
import { useAllFictions } from '../api/get-all-fictions.ts';
import { useRemoveFiction } from '../api/remove-fiction.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { type StatusFilter, useListFilter } from '../list-filter.ts';
import { ReadingControls } from './ReadingControls.tsx';
import { useUnfavorite } from './use-unfavorite.tsx';

/** A star: filled when the fiction is a favorite. */
function Star({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`h-4 w-4 shrink-0 ${filled ? 'text-amber-500' : 'text-slate-400'}`}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
    </svg>
  );
}

function Row({
  entry,
  favoriteBusy,
  onFavorite,
  onUnfavorite,
  onRemove,
  onError,
}: {
  entry: UserFiction;
  favoriteBusy: boolean;
  onFavorite: (entry: UserFiction) => void;
  onUnfavorite: (entry: UserFiction) => void;
  onRemove: (entry: UserFiction) => void;
  onError: (message: string | null) => void;
}) {
  const { fiction } = entry;
  const title = fiction.title || 'Unknown Title';
  return (
    <li
      data-testid="fiction-row"
      className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
    >
      <Cover src={fiction.image_url} title={title} className="h-20 w-14 shrink-0" />
      {/* The controls have one place whatever the title's length: beside it from 640 px, below it on a phone. */}
      <div className="grid min-w-0 flex-1 gap-x-3 gap-y-2 sm:grid-cols-[minmax(0,1fr)_auto]">
        <div className="min-w-0">
          {/* The All Fictions list links without the slug (SPEC §2); the fiction page adds it. */}
          <Link
            to={`/fiction/${fiction.royalroad_id}`}
            className="font-semibold text-slate-900 hover:text-brand-700"
          >
            {title}
          </Link>
          <p className="text-sm text-slate-600">
            by {fiction.author_name || 'Unknown Author'} · {titleCase(fiction.status) || 'N/A'} ·{' '}
            {formatCount(fiction.followers)} followers
            {fiction.overall_score !== null && ` · score ${formatScore(fiction.overall_score)}`}
          </p>
        </div>
        <div className="flex items-start gap-2 sm:row-start-1 sm:col-start-2 sm:justify-end">
          <Button
            variant="secondary"
            className="w-44 px-2 py-1.5 whitespace-nowrap"
            disabled={favoriteBusy}
            aria-pressed={entry.is_favorite}
            onClick={() => (entry.is_favorite ? onUnfavorite(entry) : onFavorite(entry))}
          >
            <Star filled={entry.is_favorite} />
            {entry.is_favorite ? 'Favorited' : 'Add to Favorites'}
          </Button>
          <Button
            variant="ghost"
            className="px-3 py-1.5 text-red-700 hover:bg-red-50"
            onClick={() => onRemove(entry)}
          >
            Remove
          </Button>
        </div>
        <ReadingControls entry={entry} onError={onError} className="sm:col-span-2" />
      </div>
    </li>
  );
}

/** Where a favorite stands among the reader's favorites, counted from 0. */
function favoritePosition(entries: UserFiction[], target: UserFiction): number {
  return entries.filter(
    (entry) =>
      entry.is_favorite &&
      entry.fiction_id !== target.fiction_id &&
      (entry.favorite_position ?? Number.POSITIVE_INFINITY) <
        (target.favorite_position ?? Number.POSITIVE_INFINITY),
  ).length;
}

export function AllFictionsList() {
  const list = useAllFictions();
  const remove = useRemoveFiction();
  const toggle = useToggleFavorite();
  const filterId = useId();
  const { status: filter, showAll } = useListFilter();
  const [error, setError] = useState<string | null>(null);
  const unfavorite = useUnfavorite(setError);
  const [removing, setRemoving] = useState<UserFiction | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const entries = list.data ?? [];
  const favoritesCount = entries.filter((entry) => entry.is_favorite).length;
  const shown = filter === 'all' ? entries : entries.filter((entry) => entry.status === filter);

  function confirmRemove() {
    if (!removing) return;
    setRemoveError(null);
    remove.mutate(
      { fictionId: removing.fiction_id, isFavorite: removing.is_favorite },
      {
        onSuccess: () => setRemoving(null),
        onError: (failure) => setRemoveError(failureMessage(failure, SCREEN_FALLBACKS.removeFiction)),
      },
    );
  }

  return (
    <section aria-labelledby="all-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="all-heading" className="text-lg font-semibold text-slate-900">
            All Your Fictions ({entries.length})
          </h2>
          <p className="text-sm text-slate-600">{favoritesCount} favorites</p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm text-slate-600">
            Show
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(event) => showAll(event.target.value as StatusFilter)}
            className="rounded-md border-0 py-1.5 pr-8 pl-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500"
          >
            <option value="all">All statuses</option>
            {READING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {READING_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {error && (
        <div className="mb-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}

      {list.isPending ? (
        <p className="flex items-center gap-3 rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          <Spinner label="Loading" /> Loading fictions...
        </p>
      ) : list.isError ? (
        <div className="space-y-3">
          <Alert tone="error">{failureMessage(list.error, SCREEN_FALLBACKS.loadFictions)}</Alert>
          <Button variant="secondary" onClick={() => list.refetch()}>
            Retry
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          You haven't added any fictions yet.
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          No fictions with the status “{READING_STATUS_LABELS[filter as ReadingStatus]}”.
        </p>
      ) : (
        <ul className="space-y-3">
          {shown.map((entry) => (
            <Row
              key={entry.id}
              entry={entry}
              onError={setError}
              favoriteBusy={toggle.isPending || unfavorite.pending}
              onFavorite={(target) =>
                toggle.mutate(target.fiction_id, {
                  onSuccess: () => setError(null),
                  onError: (failure) => setError(failureMessage(failure, SCREEN_FALLBACKS.updateFavorite)),
                })
              }
              onUnfavorite={(target) =>
                unfavorite.unfavorite({
                  fictionId: target.fiction_id,
                  title: target.fiction.title || 'Unknown Title',
                  position: favoritePosition(entries, target),
                })
              }
              onRemove={(target) => {
                setRemoveError(null);
                setRemoving(target);
              }}
            />
          ))}
        </ul>
      )}

      {unfavorite.toast}
      <ConfirmDialog
        open={removing !== null}
        title="Remove Fiction?"
        message={`Are you sure you want to remove "${removing?.fiction.title || 'Unknown Title'}" from your list?${
          removing?.is_favorite ? ' It is one of your favorites.' : ''
        } Its reading status and progress go with it. This action cannot be undone.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        error={removeError}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

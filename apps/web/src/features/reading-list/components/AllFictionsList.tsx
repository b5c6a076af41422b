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

function Row({
  entry,
  onRemove,
  onError,
}: {
  entry: UserFiction;
  onRemove: (entry: UserFiction) => void;
  onError: (message: string | null) => void;
}) {
  const toggle = useToggleFavorite();
  const { fiction } = entry;
  const title = fiction.title || 'Unknown Title';
  return (
    <li
      data-testid="fiction-row"
      className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
    >
      <Cover src={fiction.image_url} title={title} className="h-20 w-14 shrink-0" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              {/* The All Fictions list links without the slug (SPEC §2); the fiction page adds it. */}
              <Link
                to={`/fiction/${fiction.royalroad_id}`}
                className="font-semibold text-slate-900 hover:text-brand-700"
              >
                {title}
              </Link>
              {entry.is_favorite && (
                <span className="rounded-full bg-accent-300/40 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
                  Favorite
                </span>
              )}
            </div>
            <p className="text-sm text-slate-600">
              by {fiction.author_name || 'Unknown Author'} · {titleCase(fiction.status) || 'N/A'} ·{' '}
              {formatCount(fiction.followers)} followers · score {formatScore(fiction.overall_score)}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button
              variant={entry.is_favorite ? 'secondary' : 'primary'}
              className="px-3 py-1.5"
              disabled={toggle.isPending}
              aria-pressed={entry.is_favorite}
              onClick={() =>
                toggle.mutate(entry.fiction_id, {
                  onSuccess: () => onError(null),
                  onError: (failure) => onError(failureMessage(failure, SCREEN_FALLBACKS.updateFavorite)),
                })
              }
            >
              {entry.is_favorite ? (
                <>
                  <span aria-hidden="true">★</span> Favorited
                </>
              ) : (
                'Add to Favorites'
              )}
            </Button>
            {!entry.is_favorite && (
              <Button
                variant="ghost"
                className="px-3 py-1.5 text-red-700 hover:bg-red-50"
                onClick={() => onRemove(entry)}
              >
                Remove
              </Button>
            )}
          </div>
        </div>
        <ReadingControls entry={entry} onError={onError} />
      </div>
    </li>
  );
}

export function AllFictionsList() {
  const list = useAllFictions();
  const remove = useRemoveFiction();
  const filterId = useId();
  const { status: filter, showAll } = useListFilter();
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<UserFiction | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const entries = list.data ?? [];
  const favoritesCount = entries.filter((entry) => entry.is_favorite).length;
  const shown = filter === 'all' ? entries : entries.filter((entry) => entry.status === filter);

  function confirmRemove() {
    if (!removing) return;
    setRemoveError(null);
    remove.mutate(removing.fiction_id, {
      onSuccess: () => setRemoving(null),
      onError: (failure) => setRemoveError(failureMessage(failure, SCREEN_FALLBACKS.removeFiction)),
    });
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
              onRemove={(target) => {
                setRemoveError(null);
                setRemoving(target);
              }}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={removing !== null}
        title="Remove Fiction?"
        message={`Are you sure you want to remove "${removing?.fiction.title || 'Unknown Title'}" from your list? This action cannot be undone.`}
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

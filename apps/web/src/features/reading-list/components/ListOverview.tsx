import type { UserFictionStats } from '@rrc/contract';
import { MAX_COMPARE, READING_STATUS_LABELS, READING_STATUSES } from '@rrc/contract/rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { downloadList, LIST_EXPORT_FILENAME } from '../api/download-list.ts';
import { useFavorites } from '../api/get-favorites.ts';
import { useReadingStats } from '../api/get-stats.ts';
import { useListFilter } from '../list-filter.ts';

function Count({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number | undefined;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-xl px-3 py-2 text-left ring-1 transition-colors ${
        pressed
          ? 'bg-brand-50 ring-2 ring-brand-500'
          : 'bg-slate-50 ring-slate-200 hover:bg-white hover:ring-brand-300'
      }`}
    >
      <span className="block text-xs leading-4 font-medium text-slate-600">{label}</span>
      <span className="mt-0.5 block text-xl font-semibold tracking-tight text-slate-900">
        {count === undefined ? '–' : count.toLocaleString()}
      </span>
    </button>
  );
}

/**
 * The list at a glance: how many fictions per reading status, each count showing those fictions in the All
 * Fictions list, the comparison of the first favorites, and the download of the whole list with its history.
 */
export function ListOverview() {
  const stats = useReadingStats();
  const favorites = useFavorites();
  const compared = (favorites.data ?? []).slice(0, MAX_COMPARE).map((entry) => entry.fiction.royalroad_id);
  const { view, status, showAll, showFavorites } = useListFilter();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const counts: Partial<UserFictionStats> = stats.data ?? {};

  return (
    <Card
      title="Your List"
      actions={
        <div className="flex flex-wrap gap-2">
          {compared.length > 0 && (
            <Link to={`/compare?ids=${compared.join(',')}`} className={buttonClasses('secondary')}>
              Compare favorites
            </Link>
          )}
          <DownloadButton
            download={downloadList}
            label="Download my data"
            fallbackFilename={LIST_EXPORT_FILENAME}
            onError={setDownloadError}
          />
        </div>
      }
    >
      {downloadError && (
        <div className="mb-4">
          <Alert tone="error">{downloadError}</Alert>
        </div>
      )}
      {stats.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-red-700" role="alert">
            {failureMessage(stats.error, 'Your counts could not be loaded.')}
          </p>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => stats.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <fieldset className="grid grid-cols-4 gap-2 sm:grid-cols-7">
          <legend className="sr-only">Show the fictions of a reading status</legend>
          <Count
            label="All"
            count={counts.total}
            pressed={view === 'all' && status === 'all'}
            onClick={() => showAll()}
          />
          {READING_STATUSES.map((reading) => (
            <Count
              key={reading}
              label={READING_STATUS_LABELS[reading]}
              count={counts[reading]}
              pressed={status === reading}
              onClick={() => showAll(reading)}
            />
          ))}
          <Count
            label="Favorites"
            count={counts.favorites}
            pressed={view === 'favorites'}
            onClick={showFavorites}
          />
        </fieldset>
      )}
    </Card>
  );
}

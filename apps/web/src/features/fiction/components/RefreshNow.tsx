import type { JobRun, RefreshStatus } from '@rrc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Icon } from '../../../components/ui/Icon.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { timeAgo } from '../../../lib/format.ts';
import { isUnderWay, useRefreshStatus } from '../api/get-refresh-status.ts';
import { fictionKeys } from '../api/keys.ts';
import { useRefreshFiction } from '../api/refresh-fiction.ts';

/** What the reader is told about the fiction's data and (unless one is under way) their refreshes. */
function summary(status: RefreshStatus, underWay: boolean): string {
  const updated = status.last_updated_at
    ? `Last updated ${timeAgo(status.last_updated_at)}.`
    : 'Not yet read from its own page on Royal Road.';
  if (underWay) return updated;
  const { used, limit, next_at } = status.refreshes;
  if (status.refreshable_at) return `${updated} You can refresh it again ${timeAgo(status.refreshable_at)}.`;
  if (used >= limit && next_at)
    return `${updated} You have used your ${limit} refreshes for today; the next one ${timeAgo(next_at)}.`;
  return `${updated} ${limit - used} of ${limit} refreshes left today.`;
}

/** A reason as a sentence: ended with a full stop unless it ends with one already. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The steps of a refresh, for its progress bar. */
function step(job: JobRun | null): { label: string; percent: number } {
  if (job?.status === 'running') return { label: 'Reading the page from Royal Road...', percent: 66 };
  if (job?.status === 'queued') return { label: 'Waiting for its turn at Royal Road...', percent: 33 };
  return { label: 'Asking Royal Road...', percent: 10 };
}

/**
 * Signed-in readers: refresh this fiction from Royal Road when its data is older than 6 hours (10 a day),
 * and follow the refresh until it ends.
 */
export function RefreshNow({ royalroadId }: { royalroadId: number }) {
  const client = useQueryClient();
  const refresh = useRefreshFiction(royalroadId);
  // The server answers a refresh once it ends or after 10 s: meanwhile its progress comes with the status.
  const status = useRefreshStatus(royalroadId, refresh.isPending);
  const job = status.data?.job ?? null;
  // Refreshes this page saw waiting or under way: when one ends, it says how, and the fresh numbers are fetched.
  const followed = useRef(new Set<number>());
  const [endedHere, setEndedHere] = useState<number | null>(null);

  useEffect(() => {
    if (!job) return;
    if (isUnderWay(job)) followed.current.add(job.id);
    else if (followed.current.delete(job.id)) {
      setEndedHere(job.id);
      void client.invalidateQueries({ queryKey: fictionKeys.fiction(royalroadId) });
    }
  }, [job, client, royalroadId]);

  const underWay = refresh.isPending || isUnderWay(job);
  const data = status.data;
  const allowed =
    data !== undefined && data.refreshable_at === null && data.refreshes.used < data.refreshes.limit;
  // A refresh asked for here that ended within the 10 s the server waits comes back finished.
  const ended = job && !underWay && (job.id === endedHere || job.id === refresh.data?.id) ? job : null;
  const progress = step(job);

  return (
    <section
      aria-label="Refresh from Royal Road"
      className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => refresh.mutate()} disabled={underWay || !allowed}>
          <Icon name="refresh" className="h-4 w-4" />
          {underWay ? 'Refreshing...' : 'Refresh now'}
        </Button>
        <p className="min-w-0 flex-1 text-sm text-slate-600">
          {status.isError
            ? failureMessage(status.error, 'Could not tell when this fiction was last updated')
            : data
              ? summary(data, underWay)
              : 'Checking when it was last updated...'}
        </p>
      </div>
      {underWay && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Refresh progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-valuetext={progress.label}
            className="h-1.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-all"
              style={{ width: `${progress.percent}%` }}
            />
          </div>
          <p role="status" className="text-sm text-slate-700">
            {progress.label}
          </p>
        </div>
      )}
      {ended && ended.status !== 'failed' && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          Refreshed just now: the numbers on this page are fresh.
        </p>
      )}
      {ended?.status === 'failed' && (
        <Alert tone="error">
          The refresh failed: {sentence(ended.error ?? 'Royal Road gave no page.')} It was not counted against
          your refreshes for today: try again later.
        </Alert>
      )}
      {refresh.isError && (
        <Alert tone="error">{failureMessage(refresh.error, 'Could not start the refresh')}</Alert>
      )}
    </section>
  );
}

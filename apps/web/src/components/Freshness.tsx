import { timeAgo } from '../lib/format.ts';
import { dateTimeFormat } from '../lib/intl.ts';

/** Data older than this is flagged rather than mentioned quietly. */
export const STALE_AFTER_MS = 2 * 86_400_000;

/** "Jul 19, 2026": the day of a capture, in the reader's language. */
export function captureDate(iso: string): string {
  return dateTimeFormat({ year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));
}

/**
 * When the data on a page was captured: a visible note ('Latest capture Jul 19, 2026 — 131 days ago') when
 * it is more than two days old, a quiet 'updated 2 hours ago' otherwise, nothing when nothing was captured.
 */
export function Freshness({
  at,
  label = 'Latest capture',
  now = Date.now(),
}: {
  at: string | null;
  label?: string;
  now?: number;
}) {
  if (!at) return null;
  const time = Date.parse(at);
  if (!Number.isFinite(time)) return null;
  const ago = timeAgo(at, now);
  if (now - time > STALE_AFTER_MS) {
    return (
      <p
        data-testid="freshness"
        data-stale="true"
        className="inline-flex w-fit items-center gap-1.5 rounded-md bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200"
      >
        <span>
          {label}{' '}
          <time dateTime={at} title={new Date(at).toLocaleString()}>
            {captureDate(at)}
          </time>{' '}
          — {ago}
        </span>
      </p>
    );
  }
  return (
    <p data-testid="freshness" data-stale="false" className="text-xs text-slate-500">
      updated{' '}
      <time dateTime={at} title={`${label} ${new Date(at).toLocaleString()}`}>
        {ago}
      </time>
    </p>
  );
}

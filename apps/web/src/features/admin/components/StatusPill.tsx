import type { JobStatus } from '../job-format.ts';

const STYLES: Record<JobStatus, { label: string; pill: string; dot: string }> = {
  queued: { label: 'Queued', pill: 'bg-slate-100 text-slate-700 ring-slate-200', dot: 'bg-slate-400' },
  running: { label: 'Running', pill: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500 animate-pulse' },
  succeeded: {
    label: 'Succeeded',
    pill: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    dot: 'bg-emerald-500',
  },
  partial: { label: 'Partial', pill: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  failed: { label: 'Failed', pill: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-red-500' },
};

/** A job run's status as a coloured pill. */
export function StatusPill({ status }: { status: JobStatus }) {
  const style = STYLES[status] ?? STYLES.queued;
  return (
    <span
      data-testid="job-status"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${style.pill}`}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${style.dot}`} />
      {style.label}
    </span>
  );
}

import type { JobRun } from '@rrc/contract';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatDuration, isFinished, runDuration } from '../job-format.ts';
import { RunCounts } from './RunCounts.tsx';
import { StatusPill } from './StatusPill.tsx';

function ProgressBar({ done, total }: { done: number; total: number | null }) {
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs text-slate-600">
        <span>{total === null ? `${done.toLocaleString()} done so far` : `${done} of ${total} done`}</span>
        {percent !== null && <span className="tabular-nums">{percent}%</span>}
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div
          className={`h-full rounded-full bg-brand-500 transition-[width] ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** Where a started job is: waiting, its progress while it runs, then its result. */
export function JobProgress({ run, trackingError }: { run: JobRun; trackingError: string | null }) {
  const finished = isFinished(run);
  return (
    <div
      role="status"
      aria-label={`Job ${run.id}`}
      className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-700">Job #{run.id}</span>
        <span className="flex items-center gap-2">
          {!finished && <Spinner label="Following the job" className="scale-75" />}
          <StatusPill status={run.status} />
        </span>
      </div>
      {run.status === 'queued' && <p className="text-slate-600">Waiting for its turn...</p>}
      {run.status === 'running' && <ProgressBar done={run.progress.done} total={run.progress.total} />}
      {finished && (
        <>
          <p className="text-slate-600">Finished in {formatDuration(runDuration(run))}.</p>
          <RunCounts counts={run.counts} />
        </>
      )}
      {run.error && <p className="break-words text-red-700">{run.error}</p>}
      {trackingError && !finished && <p className="text-red-700">{trackingError}</p>}
    </div>
  );
}

import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { timeAgo } from '../../../lib/format.ts';
import { localTime } from '../../../lib/time.ts';
import { type JobName, useJobRuns } from '../api/get-job-runs.ts';
import { formatDuration, jobLabel, runDuration, triggerLabel } from '../job-format.ts';
import { RunCounts } from './RunCounts.tsx';
import { StatusPill } from './StatusPill.tsx';

const FILTERS: Array<{ value: JobName | ''; label: string }> = [
  { value: '', label: 'All jobs' },
  { value: 'rising-stars', label: jobLabel('rising-stars') },
  { value: 'all-fictions', label: jobLabel('all-fictions') },
  { value: 'fiction', label: jobLabel('fiction') },
];

const HEADINGS = ['Job', 'Trigger', 'Status', 'Started', 'Duration', 'Result', 'Error'];

/** Every job run, newest first, a page at a time. */
export function JobHistory() {
  const [page, setPage] = useState(1);
  const [job, setJob] = useState<JobName | null>(null);
  const runs = useJobRuns({ page, job });
  const rows = runs.data?.data ?? [];
  const totalPages = runs.data?.pagination.totalPages ?? 1;

  const filter = (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      Show
      <select
        value={job ?? ''}
        onChange={(event) => {
          setJob((event.target.value || null) as JobName | null);
          setPage(1);
        }}
        className="rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500 focus:outline-none"
      >
        {FILTERS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          Job history{' '}
          {runs.isFetching && !runs.isPending && (
            <Spinner label="Refreshing job history" className="scale-75" />
          )}
        </span>
      }
      actions={filter}
    >
      {runs.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading job history" />
        </div>
      ) : runs.isError ? (
        <div className="space-y-3">
          <Alert tone="error">{failureMessage(runs.error, 'Failed to load job history')}</Alert>
          <Button variant="secondary" onClick={() => runs.refetch()}>
            Retry
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No jobs have run yet.</p>
      ) : (
        <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
          <table className="w-full min-w-[60rem] divide-y divide-slate-200 text-sm" aria-label="Job history">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {HEADINGS.map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-2.5 first:pl-5 sm:first:pl-6">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((run) => (
                <tr key={run.id} data-testid="job-row" className="align-top">
                  <td className="px-4 py-3 pl-5 whitespace-nowrap sm:pl-6">
                    <span className="font-medium text-slate-900">{jobLabel(run.job)}</span>
                    <span className="block text-xs text-slate-500">#{run.id}</span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{triggerLabel(run.trigger)}</td>
                  <td className="px-4 py-3">
                    <StatusPill status={run.status} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {run.started_at ? (
                      <>
                        <time dateTime={run.started_at} className="text-slate-800">
                          {timeAgo(run.started_at)}
                        </time>
                        <span className="block text-xs text-slate-500">{localTime(run.started_at)}</span>
                      </>
                    ) : (
                      <span className="text-slate-500">Not yet</span>
                    )}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                    {formatDuration(runDuration(run))}
                  </td>
                  <td className="min-w-64 px-4 py-3">
                    <RunCounts counts={run.counts} />
                  </td>
                  <td className="max-w-xs min-w-40 px-4 py-3 break-words text-red-700">
                    {run.error ?? <span className="text-slate-500">—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totalPages > 1 && (
        <nav aria-label="Job history pages" className="mt-4 flex items-center justify-between text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-slate-600">
            Page {page} of {totalPages}
          </span>
          <Button variant="secondary" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
    </Card>
  );
}

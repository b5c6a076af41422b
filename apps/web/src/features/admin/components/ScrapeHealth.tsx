import type { AdminStatistics, ScrapeHealth as JobHealth } from '@rrc/contract';
import type { ReactNode } from 'react';
import { Freshness } from '../../../components/Freshness.tsx';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { timeAgo } from '../../../lib/format.ts';
import { localTime } from '../../../lib/time.ts';
import { formatDuration, jobLabel, triggerLabel, utcTime } from '../job-format.ts';
import { RunCounts } from './RunCounts.tsx';
import { StatusPill } from './StatusPill.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** The server describes a job in a phrase ("every tracked fiction at 12:24am"); shown as a sentence. */
function sentence(phrase: string): string {
  const text = phrase.charAt(0).toUpperCase() + phrase.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Said once above the jobs when nothing runs on a schedule. */
export const SCHEDULER_OFF = 'The scheduler is off (SCHEDULER=off): nothing runs on a schedule.';

function JobHealthEntry({ health, scheduler }: { health: JobHealth; scheduler: boolean }) {
  const run = health.last_run;
  const startedAt = run?.started_at ?? null;
  return (
    <article aria-label={jobLabel(health.job)} className="space-y-4 py-5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{jobLabel(health.job)}</h3>
          <p className="mt-0.5 text-sm text-slate-600">{sentence(health.description)}</p>
          {health.last_capture_at && (
            <div className="mt-1.5">
              <Freshness at={health.last_capture_at} label="Last capture" />
            </div>
          )}
        </div>
        {run ? (
          <StatusPill status={run.status} />
        ) : (
          <span className="text-sm text-slate-500">
            {/* Data can come without a run here (a loaded sample): its capture is shown, not 'never'. */}
            {health.last_capture_at ? 'No job run yet' : 'Never run'}
          </span>
        )}
      </div>
      {run && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-1">
            <Field label="Last run started">
              {startedAt ? (
                <>
                  <time dateTime={startedAt}>{timeAgo(startedAt)}</time>
                  <span className="block text-xs text-slate-500">{localTime(startedAt)}</span>
                </>
              ) : (
                'Not started yet'
              )}
            </Field>
          </div>
          <Field label="Duration">{formatDuration(health.last_duration_ms)}</Field>
          <Field label="Started by">{triggerLabel(run.trigger)}</Field>
          <div className="col-span-2 sm:col-span-3">
            <Field label="Result">
              <RunCounts counts={run.counts} />
            </Field>
          </div>
          {run.error && (
            <div className="col-span-2 sm:col-span-3">
              <Field label="Error">
                <span className="break-words text-red-700">{run.error}</span>
              </Field>
            </div>
          )}
        </dl>
      )}
      {scheduler && (
        <div>
          <h4 className="text-xs font-medium text-slate-500">Next runs</h4>
          {health.next_runs.length === 0 ? (
            <p className="mt-0.5 text-sm text-slate-600">Not scheduled: only on request.</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {health.next_runs.map((next) => (
                <li key={next.at} className="flex flex-wrap gap-x-2">
                  <span className="font-medium text-slate-900">{next.pacific}</span>
                  <span className="text-slate-500">
                    <time dateTime={next.at}>{utcTime(next.at)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </article>
  );
}

/** Each scheduled job: how its last run went, when its data was last captured and when it runs next. */
export function ScrapeHealth({
  scraping,
  loading,
}: {
  scraping: AdminStatistics['scraping'] | undefined;
  loading: boolean;
}) {
  const jobs = scraping?.jobs ?? [];
  return (
    <Card
      title="Scrape health"
      actions={
        scraping ? <span className="text-xs text-slate-500">Schedule in {scraping.timezone}</span> : undefined
      }
    >
      {loading ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading scrape health" />
        </div>
      ) : jobs.length === 0 ? (
        <p className="text-sm text-slate-500">—</p>
      ) : (
        <>
          {scraping && !scraping.scheduler && (
            <div className="mb-5">
              <Alert tone="info">{SCHEDULER_OFF}</Alert>
            </div>
          )}
          <div className="divide-y divide-slate-100">
            {jobs.map((health) => (
              <JobHealthEntry key={health.job} health={health} scheduler={scraping?.scheduler ?? true} />
            ))}
          </div>
        </>
      )}
    </Card>
  );
}

import type { JobAccepted, JobRun } from '@rrc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { apiRequest, failureMessage } from '../../../lib/api-client.ts';

const DONE = new Set(['succeeded', 'partial', 'failed']);

/** Admins: scrape this fiction now and follow the job until it ends. */
export function ManualScrape({ royalroadId }: { royalroadId: number }) {
  const client = useQueryClient();
  const [job, setJob] = useState<JobRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = job !== null && !DONE.has(job.status);

  useEffect(() => {
    if (!job || DONE.has(job.status)) return;
    const timer = setTimeout(() => {
      apiRequest<JobRun>(`/admin/jobs/${job.id}`)
        .then((next) => {
          setJob(next);
          if (DONE.has(next.status)) void client.invalidateQueries({ queryKey: ['fiction', royalroadId] });
        })
        .catch((failure) => setError(failureMessage(failure, 'Could not follow the scrape')));
    }, 1000);
    return () => clearTimeout(timer);
  }, [job, client, royalroadId]);

  async function start() {
    setError(null);
    try {
      const accepted = await apiRequest<JobAccepted>(`/admin/manual-scrape/${royalroadId}`, {
        method: 'POST',
      });
      setJob(accepted.job);
    } catch (failure) {
      setError(failureMessage(failure, 'Could not start the scrape'));
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={start} disabled={running}>
        {running ? 'Scraping...' : 'Manual Scrape'}
      </Button>
      <span role="status" className="text-sm text-slate-600">
        {error ??
          (job &&
            (job.status === 'succeeded'
              ? 'Scraped just now: the numbers below are fresh.'
              : job.status === 'failed'
                ? `Scrape failed: ${job.error ?? 'unknown error'}`
                : job.status === 'queued'
                  ? 'Waiting for its turn...'
                  : 'Reading the page from Royal Road...'))}
      </span>
    </div>
  );
}

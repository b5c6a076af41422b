import type { JobRun } from '@rrc/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { scrapeFiction } from '../api/scrape-fiction.ts';
import { useJobStarter } from '../hooks/use-job-starter.ts';
import { isFinished } from '../job-format.ts';

const TEXTS = { start: 'Could not start the scrape', tracking: 'Could not follow the scrape' };

function said(run: JobRun): string {
  if (run.status === 'succeeded') return 'Scraped just now: the numbers below are fresh.';
  if (run.status === 'failed') return `Scrape failed: ${run.error ?? 'unknown error'}`;
  if (run.status === 'queued') return 'Waiting for its turn...';
  return 'Reading the page from Royal Road...';
}

/** Admins, on a fiction's page: scrape it now and follow the job until it ends (then `onScraped`). */
export function ManualScrape({ royalroadId, onScraped }: { royalroadId: number; onScraped: () => void }) {
  const job = useJobStarter(scrapeFiction, { texts: TEXTS, onFinished: onScraped });
  const running = job.run !== null && !isFinished(job.run);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => job.start(royalroadId)} disabled={running}>
        {running ? 'Scraping...' : 'Manual Scrape'}
      </Button>
      <span role="status" className="text-sm text-slate-600">
        {job.startError ?? job.trackingError ?? (job.run && said(job.run))}
      </span>
    </div>
  );
}

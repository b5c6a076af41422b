import type { JobName } from '@rrc/contract';
import type { JobHandler } from '../../lib/jobs.ts';
import { allFictionsJob } from './all-fictions.job.ts';
import type { ScrapeDeps } from './deps.ts';
import { fictionJob } from './fiction.job.ts';
import { risingStarsJob } from './rising-stars.job.ts';

/** What each job does: every job there is reads Royal Road. */
export function scrapingJobs(deps: ScrapeDeps): Record<Exclude<JobName, 'author-report'>, JobHandler> {
  return {
    'rising-stars': risingStarsJob(deps),
    'all-fictions': allFictionsJob(deps),
    fiction: fictionJob(deps),
  };
}

import type { JobName } from '@rrc/contract';
import { Cron } from 'croner';

/** Royal Road's day follows Pacific time; so do our scrapes, daylight saving time included. */
export const SCHEDULE_TIMEZONE = 'America/Los_Angeles';

export interface ScheduledJob {
  job: JobName;
  /** Cron pattern in Pacific time. */
  pattern: string;
  description: string;
  /** Whether a run missed while no process ran is made up at the next start (not for a Monday mail). */
  catchUp?: boolean;
}

export const SCHEDULE: readonly ScheduledJob[] = [
  {
    job: 'rising-stars',
    pattern: '24 0,6,12,18 * * *',
    description: 'Rising Stars at 12:24am, 6:24am, 12:24pm and 6:24pm',
  },
  { job: 'all-fictions', pattern: '24 0 * * *', description: 'every tracked fiction at 12:24am' },
];

/** Mail on a schedule: the authors' weekly reports, Monday mornings (Pacific), never made up days later. */
export const MAIL_SCHEDULE: readonly ScheduledJob[] = [
  {
    job: 'author-report',
    pattern: '0 7 * * 1',
    description: "authors' weekly reports on Mondays at 7:00am",
    catchUp: false,
  },
];

const crons = new Map<string, Cron>();
function cronFor(pattern: string): Cron {
  let cron = crons.get(pattern);
  if (!cron) {
    cron = new Cron(pattern, { timezone: SCHEDULE_TIMEZONE, paused: true });
    crons.set(pattern, cron);
  }
  return cron;
}

/** The next `count` run times strictly after `after`. */
export function nextRunTimes(entry: ScheduledJob, after: Date, count = 1): Date[] {
  return cronFor(entry.pattern).nextRuns(count, after);
}

/** The latest run time at or before `at`, or null. */
export function previousRunTime(entry: ScheduledJob, at: Date): Date | null {
  // previousRuns looks strictly before its reference: step one millisecond on to include `at` itself.
  return cronFor(entry.pattern).previousRuns(1, new Date(at.getTime() + 1))[0] ?? null;
}

/** Every run time in (from, to], oldest first. */
export function runTimesBetween(entry: ScheduledJob, from: Date, to: Date): Date[] {
  const times: Date[] = [];
  let cursor = from;
  for (;;) {
    const [next] = nextRunTimes(entry, cursor);
    if (!next || next.getTime() > to.getTime()) return times;
    times.push(next);
    cursor = next;
  }
}

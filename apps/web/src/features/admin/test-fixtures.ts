import type { AdminStatistics, AdminUserRow, JobRun } from '@rrc/contract';

/** A job run as the server reports it; a finished Rising Stars capture unless overridden. */
export function jobRun(overrides: Partial<JobRun> = {}): JobRun {
  return {
    id: 41,
    job: 'rising-stars',
    trigger: 'schedule',
    status: 'succeeded',
    scheduled_for: '2026-11-20T14:24:00.000Z',
    params: {},
    progress: { done: 3, total: 3 },
    counts: { lists: 3, lists_failed: 0, entries: 150, fictions_created: 4 },
    error: null,
    created_at: '2026-11-20T14:24:00.000Z',
    started_at: '2026-11-20T14:24:01.000Z',
    finished_at: '2026-11-20T14:24:13.500Z',
    ...overrides,
  };
}

export function statistics(overrides: Partial<AdminStatistics> = {}): AdminStatistics {
  return {
    users: { total: 1234, active: 56 },
    fiction: { total: 169 },
    coffee_donations: { total_revenue: 12.5, count: 2 },
    recent_activity: { new_fictions: 7 },
    scraping: {
      timezone: 'America/Los_Angeles',
      scheduler: true,
      jobs: [
        {
          job: 'rising-stars',
          description: 'Captures every Rising Stars list four times a day.',
          last_run: jobRun(),
          last_duration_ms: 12_500,
          last_capture_at: '2026-11-20T14:24:01.000Z',
          next_runs: [
            { at: '2026-11-21T08:24:00.000Z', pacific: 'Sat, Nov 21, 12:24 AM PST' },
            { at: '2026-11-21T14:24:00.000Z', pacific: 'Sat, Nov 21, 6:24 AM PST' },
          ],
        },
        {
          job: 'all-fictions',
          description: 'Refreshes every tracked fiction once a day.',
          last_run: jobRun({
            id: 40,
            job: 'all-fictions',
            status: 'partial',
            counts: { tracked: 20, skipped: 0, scraped: 19, failed: 1 },
            error: 'Fiction 12345: Royal Road answered 404.',
          }),
          last_duration_ms: 61_000,
          last_capture_at: '2026-11-21T08:25:00.000Z',
          next_runs: [{ at: '2026-11-21T08:24:00.000Z', pacific: 'Sat, Nov 21, 12:24 AM PST' }],
        },
        {
          job: 'fiction',
          description: 'one fiction, on request (manual scrapes and refreshes)',
          last_run: null,
          last_duration_ms: null,
          last_capture_at: null,
          next_runs: [],
        },
      ],
    },
    ...overrides,
  };
}

export function userRow(id: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    admin: false,
    admin_fixed: false,
    fiction_count: 3,
    favorites_count: 1,
    created_at: '2026-10-01T12:00:00.000Z',
    last_seen_at: null,
    ...overrides,
  };
}

export function page<T>(data: T[], page = 1, total = data.length, limit = 20) {
  return {
    success: true,
    data,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}

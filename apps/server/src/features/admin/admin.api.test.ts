import { ADMIN_MESSAGES, type AdminStatistics, MESSAGES } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser, storeCapture, type TestApp } from '../../../test/test-app.ts';

const t = testAppForEach(() => createTestApp({ ADMIN_EMAILS: 'boss@example.com' }));

describe('admin endpoints', () => {
  it.each(['/api/admin/statistics', '/api/admin/users', '/api/admin/jobs'])(
    '%s: 401 for a visitor, 403 for a reader, 200 for an admin',
    async (url) => {
      const reader = await registerUser(t.app);
      const admin = await registerUser(t.app, { email: 'boss@example.com' });

      const visitor = await call(t.app, { method: 'GET', url });
      expect(visitor.status).toBe(401);
      expect(visitor.body).toEqual({ success: false, error: MESSAGES.signInRequired });

      const forbidden = await call(t.app, { method: 'GET', url, token: reader.token });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ success: false, error: MESSAGES.adminOnly });

      expect((await call(t.app, { method: 'GET', url, token: admin.token })).status).toBe(200);
    },
  );

  it('counts all users and those seen in the last 30 days', async () => {
    const admin = await registerUser(t.app, { email: 'boss@example.com' });
    await registerUser(t.app);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    await registerUser(t.app);
    const response = await call<{ data: { users: { total: number; active: number } } }>(t.app, {
      method: 'GET',
      url: '/api/admin/statistics',
      token: admin.token,
    });
    // The admin and the first reader were last seen 31 days ago: only the newest account is active.
    expect(response.body.data.users).toEqual({ total: 3, active: 1 });
  });

  it('lists users newest first, paginated and searchable, with fixed admins marked', async () => {
    const admin = await registerUser(t.app, { email: 'boss@example.com', name: 'The Boss' });
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await registerUser(t.app, {
        email: `reader-${i}@example.com`,
        name: i === 1 ? 'Quinn_100%' : undefined,
      });
    }
    type Users = {
      data: Array<{ email: string; name: string | null; admin: boolean; admin_fixed: boolean }>;
      pagination: { page: number; limit: number; total: number; totalPages: number };
    };
    const page1 = await call<Users>(t.app, {
      method: 'GET',
      url: '/api/admin/users?limit=2',
      token: admin.token,
    });
    expect(page1.body.data.map((row) => row.email)).toEqual(['reader-2@example.com', 'reader-1@example.com']);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });

    const page2 = await call<Users>(t.app, {
      method: 'GET',
      url: '/api/admin/users?limit=2&page=2',
      token: admin.token,
    });
    expect(page2.body.data.map((row) => row.email)).toEqual(['reader-0@example.com', 'boss@example.com']);
    expect(page2.body.data[1]).toMatchObject({ admin: true, admin_fixed: true, name: 'The Boss' });

    const search = await call<Users>(t.app, {
      method: 'GET',
      url: '/api/admin/users?q=quinn_100%25',
      token: admin.token,
    });
    expect(search.body.data.map((row) => row.email)).toEqual(['reader-1@example.com']);
    const wildcard = await call<Users>(t.app, {
      method: 'GET',
      url: '/api/admin/users?q=%25',
      token: admin.token,
    });
    expect(wildcard.body.data.map((row) => row.email)).toEqual(['reader-1@example.com']);
  });

  it('rejects a bad page size with 400', async () => {
    const admin = await registerUser(t.app, { email: 'boss@example.com' });
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/admin/users?limit=100000',
      token: admin.token,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'limit must be at most 100.' });
    const negative = await call(t.app, {
      method: 'GET',
      url: '/api/admin/users?page=-1',
      token: admin.token,
    });
    expect(negative.status).toBe(400);
    expect(negative.body).toEqual({ success: false, error: 'page must be at least 1.' });
  });
});

const DAY = 24 * 60 * 60 * 1000;

async function statistics(token: string, app: TestApp['app'] = t.app) {
  const response = await call<{ data: AdminStatistics }>(app, {
    method: 'GET',
    url: '/api/admin/statistics',
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function storeFiction(royalroadId: number, createdAt: Date) {
  const at = createdAt.toISOString();
  const row = await t.database.db
    .insertInto('fictions')
    .values({
      royalroad_id: royalroadId,
      title: `F${royalroadId}`,
      tags: '[]',
      warnings: '[]',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function storeDonation(fields: {
  kind?: 'coffee' | 'sponsorship';
  tier?: string;
  cents: number;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  refunded?: number;
}) {
  const now = t.clock.now.toISOString();
  await t.database.db
    .insertInto('donations')
    .values({
      kind: fields.kind ?? 'coffee',
      tier: fields.tier ?? 'basic',
      amount_cents: fields.cents,
      refunded_cents: fields.refunded ?? 0,
      currency: 'usd',
      status: fields.status,
      payment_intent_id: `pi_${Math.random().toString(36).slice(2)}`,
      user_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('admin statistics', () => {
  it('counts fictions, new ones in the last 7 days, and readers active by sign-in or list change', async () => {
    const admin = await registerUser(t.app, { email: 'boss@example.com' });
    const listKeeper = await registerUser(t.app);
    await registerUser(t.app);
    const now = t.clock.now;
    const old = await storeFiction(1, new Date(now.getTime() - 30 * DAY));
    await storeFiction(2, new Date(now.getTime() - 8 * DAY));
    await storeFiction(3, new Date(now.getTime() - 6 * DAY));
    await storeFiction(4, now);
    // 31 days later nobody has signed in; one reader changes their list.
    t.clock.advance(31 * DAY);
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/userFictions',
      token: listKeeper.token,
      payload: { fiction_id: old, status: 'reading' },
    });
    expect(added.status).toBe(201);
    const data = await statistics(admin.token);
    expect(data.users).toEqual({ total: 3, active: 1 });
    expect(data.fiction).toEqual({ total: 4 });
    expect(data.recent_activity).toEqual({ new_fictions: 0 });
    t.clock.advance(-31 * DAY);
    expect((await statistics(admin.token)).recent_activity).toEqual({ new_fictions: 2 });
  });

  it('counts only succeeded coffee payments, less refunds, in dollars with 2 decimals', async () => {
    const admin = await registerUser(t.app, { email: 'boss@example.com' });
    expect((await statistics(admin.token)).coffee_donations).toEqual({ total_revenue: 0, count: 0 });
    await storeDonation({ cents: 500, status: 'succeeded' });
    await storeDonation({ tier: 'fancy', cents: 1000, status: 'succeeded', refunded: 250 });
    await storeDonation({ cents: 500, status: 'failed' });
    await storeDonation({ tier: 'fancy', cents: 1000, status: 'refunded', refunded: 1000 });
    await storeDonation({ tier: 'monthly', cents: 5000, status: 'pending' });
    await storeDonation({ kind: 'sponsorship', tier: 'sponsorship', cents: 2000, status: 'succeeded' });
    expect((await statistics(admin.token)).coffee_donations).toEqual({ total_revenue: 12.5, count: 2 });
  });

  it('reports each job: last run, its duration and counts, and the next times in Pacific and UTC', async () => {
    // A site whose scheduler is on (the other tests run with SCHEDULER=off).
    const on = await createTestApp({ ADMIN_EMAILS: 'boss@example.com', SCHEDULER: 'on' });
    try {
      await reportsEachJob(on);
    } finally {
      await on.close();
    }
  });

  it('says the scheduler is off, with no next runs, and shows the last capture even when no job ran', async () => {
    const admin = await registerUser(t.app, { email: 'boss@example.com' });
    // Data loaded without a job run (as the sample loader does): a capture, a later failed one, a snapshot.
    await storeCapture(t, '2026-07-19T18:42:47.000Z', { main: [601, 602] }, 'complete');
    await storeCapture(t, '2026-07-20T01:24:00.000Z', { main: [602, 601] }, 'failed');
    await t.services.fictions.importFiction({
      fiction: { royalroad_id: 700, title: 'F700', tags: '[]', warnings: '[]' },
      snapshots: [
        { captured_at: '2026-07-21T22:12:40.746Z', followers: 10 },
        { captured_at: '2026-07-20T22:12:40.746Z', followers: 9 },
      ],
      createdAt: '2026-07-01T00:00:00.000Z',
    });
    const { scraping } = await statistics(admin.token);
    expect(scraping.scheduler).toBe(false);
    expect(scraping.jobs.map((job) => [job.job, job.last_run, job.last_capture_at, job.next_runs])).toEqual([
      ['rising-stars', null, '2026-07-19T18:42:47.000Z', []],
      ['all-fictions', null, '2026-07-21T22:12:40.746Z', []],
      ['fiction', null, null, []],
    ]);
  });
});

async function reportsEachJob(t: TestApp) {
  const admin = await registerUser(t.app, { email: 'boss@example.com' });
  const started = new Date(t.clock.now.getTime() - 90_000);
  await t.database.db
    .insertInto('job_runs')
    .values({
      job: 'rising-stars',
      scheduled_for: started.toISOString(),
      trigger: 'schedule',
      status: 'partial',
      params: '{}',
      counts: JSON.stringify({ lists: 69, failed: 1 }),
      error: 'One list could not be read.',
      created_at: started.toISOString(),
      started_at: started.toISOString(),
      finished_at: new Date(started.getTime() + 75_000).toISOString(),
    })
    .execute();
  const { scraping } = await statistics(admin.token, t.app);
  expect(scraping.timezone).toBe('America/Los_Angeles');
  expect(scraping.scheduler).toBe(true);
  expect(scraping.jobs.map((job) => job.job)).toEqual(['rising-stars', 'all-fictions', 'fiction']);
  const [risingStars, allFictions, fiction] = scraping.jobs;
  expect(risingStars?.last_run).toMatchObject({
    status: 'partial',
    counts: { lists: 69, failed: 1 },
    error: 'One list could not be read.',
  });
  expect(risingStars?.last_duration_ms).toBe(75_000);
  // The clock says 2026-11-21T12:00Z = 4:00am PST: next captures at 6:24am and 12:24pm Pacific.
  expect(risingStars?.next_runs).toEqual([
    { at: '2026-11-21T14:24:00.000Z', pacific: 'Sat, Nov 21, 6:24 AM PST' },
    { at: '2026-11-21T20:24:00.000Z', pacific: 'Sat, Nov 21, 12:24 PM PST' },
  ]);
  expect(allFictions?.last_run).toBeNull();
  expect(allFictions?.next_runs[0]).toEqual({
    at: '2026-11-22T08:24:00.000Z',
    pacific: 'Sun, Nov 22, 12:24 AM PST',
  });
  expect(fiction?.next_runs).toEqual([]);
  expect(risingStars?.last_capture_at).toBeNull();
}

describe('admin users', () => {
  type Row = {
    id: number;
    email: string;
    admin: boolean;
    admin_fixed: boolean;
    fiction_count: number;
    favorites_count: number;
  };

  it('shows how many fictions and favorites each reader has, oldest first on request', async () => {
    const admin = await registerUser(t.app, { email: 'boss@example.com' });
    t.clock.advance(1000);
    const reader = await registerUser(t.app, { email: 'counted@example.com' });
    const first = await storeFiction(11, t.clock.now);
    const second = await storeFiction(12, t.clock.now);
    for (const fiction_id of [first, second]) {
      await call(t.app, {
        method: 'POST',
        url: '/api/userFictions',
        token: reader.token,
        payload: { fiction_id },
      });
    }
    await call(t.app, { method: 'POST', url: `/api/userFictions/${second}/favorite`, token: reader.token });
    const response = await call<{ data: Row[] }>(t.app, {
      method: 'GET',
      url: '/api/admin/users?sort=created_at&order=asc',
      token: admin.token,
    });
    expect(response.body.data.map((row) => [row.email, row.fiction_count, row.favorites_count])).toEqual([
      ['boss@example.com', 0, 0],
      ['counted@example.com', 2, 1],
    ]);
    const bad = await call(t.app, {
      method: 'GET',
      url: '/api/admin/users?order=sideways',
      token: admin.token,
    });
    expect(bad.status).toBe(400);
  });

  it('makes and revokes administrators, never the last one nor an ADMIN_EMAILS account', async () => {
    const boss = await registerUser(t.app, { email: 'boss@example.com' });
    const reader = await registerUser(t.app, { email: 'helper@example.com' });
    const put = (id: number, payload: Record<string, unknown>, token = boss.token) =>
      call<{ data: Row; error?: string }>(t.app, {
        method: 'PUT',
        url: `/api/admin/users/${id}/admin`,
        token,
        payload,
      });

    expect((await put(reader.user.id, { admin: true }, reader.token)).status).toBe(403);
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: `/api/admin/users/${reader.user.id}/admin`,
          payload: { admin: true },
        })
      ).status,
    ).toBe(401);
    expect((await put(reader.user.id, { admin: 'yes' })).status).toBe(400);
    expect((await put(reader.user.id, {})).status).toBe(400);
    expect((await put(999_999, { admin: true })).status).toBe(404);

    const made = await put(reader.user.id, { admin: true });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ email: 'helper@example.com', admin: true, admin_fixed: false });
    const profile = await call<{ data: { user: { admin: boolean } } }>(t.app, {
      method: 'GET',
      url: '/api/auth/profile',
      token: reader.token,
    });
    expect(profile.body.data.user.admin).toBe(true);

    const fixed = await put(boss.user.id, { admin: false }, reader.token);
    expect(fixed.status).toBe(400);
    expect(fixed.body.error).toBe(ADMIN_MESSAGES.fixedAdmin);

    const revoked = await put(reader.user.id, { admin: false });
    expect(revoked.body.data.admin).toBe(false);
  });

  it('refuses to revoke the last administrator', async () => {
    const other = await createTestApp();
    try {
      const first = await registerUser(other.app, { email: 'first@example.com' });
      await other.database.db
        .updateTable('users')
        .set({ admin: true })
        .where('id', '=', first.user.id)
        .execute();
      const last = await call<{ error: string }>(other.app, {
        method: 'PUT',
        url: `/api/admin/users/${first.user.id}/admin`,
        token: first.token,
        payload: { admin: false },
      });
      expect(last.status).toBe(400);
      expect(last.body.error).toBe(ADMIN_MESSAGES.lastAdmin);
      const row = await other.database.db
        .selectFrom('users')
        .select('admin')
        .where('id', '=', first.user.id)
        .executeTakeFirstOrThrow();
      expect(Boolean(row.admin)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

import { MESSAGES } from '@rrc/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
});
afterEach(async () => {
  await t.close();
});

describe('admin endpoints', () => {
  it.each(['/api/admin/statistics', '/api/admin/users'])(
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

import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  createAccount,
  PASSWORD,
  signInWithStorage,
  uniqueEmail,
} from '../support/accounts.ts';

test.describe('route guards', () => {
  test('a visitor is sent to /login from protected and admin pages, and unknown paths go to the dashboard', async ({
    page,
  }) => {
    await acceptCookies(page);
    for (const [path, back] of [
      ['/dashboard', '/dashboard'],
      ['/admin', '/admin'],
      ['/admin/users', '/admin/users'],
      ['/no-such-page', '/dashboard'],
    ] as const) {
      await page.goto(path);
      // The sign-in page remembers where the visitor was going.
      await expect(page).toHaveURL(`/login?return_to=${back}`);
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    }
    // Public pages stay open.
    for (const [path, heading] of [
      ['/about', 'About RR Companion'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/register', 'Create your account'],
      ['/oauth/error', 'Authentication Failed'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('a visitor sent to sign in from a protected page comes back to it, filters and all', async ({
    page,
    request,
  }) => {
    const session = await createAccount(request);
    await acceptCookies(page);
    await page.goto('/dashboard?view=all&status=reading');
    await expect(page).toHaveURL(/\/login\?return_to=/);
    await page.getByLabel('Email address').fill(session.user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard?view=all&status=reading');
  });

  test('a signed-in reader is sent from admin pages to the dashboard', async ({ page, request }) => {
    const session = await createAccount(request);
    await signInWithStorage(page, session);
    for (const path of ['/admin', '/admin/users', '/elsewhere']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    const api = await request.get('/api/admin/users', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(api.status()).toBe(403);
  });

  test('an admin reaches the admin pages', async ({ page, request }) => {
    const session = await createAccount(request, 'admin@example.com', 'Site Admin');
    expect(session.user.admin).toBe(true);
    await createAccount(request, uniqueEmail('listed'));
    await signInWithStorage(page, session);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /Users/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    // Parallel tests add accounts, so the admin may be on any page of the newest-first list.
    await page.getByRole('searchbox', { name: 'Search by email or name' }).fill('admin@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('cell', { name: 'admin@example.com' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('an expired session is cleared and the reader signs in again', async ({ page }) => {
    await signInWithStorage(page, {
      token: 'expired.or.forged',
      user: {
        id: 999,
        email: 'ghost@example.com',
        name: null,
        admin: false,
        created_at: '2026-01-01T00:00:00.000Z',
      },
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?return_to=/dashboard');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});

import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, createAccount, signInWithStorage, uniqueEmail } from '../support/accounts.ts';

const ADMIN_EMAIL = 'admin@example.com';
/** The sample data the e2e server is seeded with holds this many fictions. */
const SEEDED_FICTIONS = 169;

async function statistic(page: Page, name: string): Promise<string> {
  const value = page.getByTestId(`stat-${name}`);
  await expect(value).not.toHaveText('—');
  return (await value.textContent()) ?? '';
}

const whole = (text: string) => Number(text.replace(/,/g, ''));

test.describe('admin pages', () => {
  test('an admin sees the site statistics and the health of each scheduled scrape', async ({
    page,
    request,
  }) => {
    const admin = await createAccount(request, ADMIN_EMAIL, 'Site Admin');
    await signInWithStorage(page, admin);
    await page.goto('/admin');

    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    expect(whole(await statistic(page, 'users'))).toBeGreaterThanOrEqual(1);
    expect(whole(await statistic(page, 'fictions'))).toBeGreaterThanOrEqual(SEEDED_FICTIONS);
    expect(await statistic(page, 'coffee-donations')).toMatch(/^\$\d[\d,]*\.\d{2}$/);
    expect(whole(await statistic(page, 'new-fictions'))).toBeGreaterThanOrEqual(0);
    await expect(
      page.getByText('Active: signed in or changed their list in the last 30 days.'),
    ).toBeVisible();

    const health = page.locator('section', { has: page.getByRole('heading', { name: 'Scrape health' }) });
    await expect(health.getByRole('article', { name: 'Rising Stars' })).toBeVisible();
    // The browser tests' server runs with SCHEDULER=off: no next runs, and the page says so.
    await expect(
      health.getByText('The scheduler is off (SCHEDULER=off): nothing runs on a schedule.'),
    ).toBeVisible();
    // The sample's captures (or a later one) are shown, whether or not a job made them.
    await expect(
      health.getByRole('article', { name: 'Rising Stars' }).getByTestId('freshness'),
    ).toBeVisible();

    await page.getByRole('link', { name: /Users/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test('an admin pages, searches and sorts the user list, and makes and revokes an admin', async ({
    page,
    request,
  }) => {
    const admin = await createAccount(request, ADMIN_EMAIL, 'Site Admin');
    // Accounts of this test only, one after another so their join order is known.
    const prefix = `paging-${Date.now().toString(36)}-${process.pid}`;
    const emails: string[] = [];
    for (let index = 1; index <= 25; index += 1) {
      const email = uniqueEmail(`${prefix}-${String(index).padStart(2, '0')}`);
      await createAccount(request, email, index === 1 ? undefined : `Reader ${index}`);
      emails.push(email);
    }
    const [oldest, second] = emails as [string, string];
    const newest = emails.at(-1) as string;

    await signInWithStorage(page, admin);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(prefix);
    await page.getByRole('button', { name: 'Search' }).click();

    await expect(page.getByText(`25 accounts matching “${prefix}”, newest first`)).toBeVisible();
    const rows = page.getByTestId('user-row');
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText(newest);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(rows).toHaveCount(5);
    await expect(rows.last()).toContainText(oldest);
    await expect(rows.last()).toContainText('No Name');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();

    await page
      .getByRole('columnheader', { name: /Joined/ })
      .getByRole('button')
      .click();
    await expect(rows.first()).toContainText(oldest);
    await expect(rows.nth(1)).toContainText(second);

    // Make the second account an admin, then take it back.
    const row = rows.filter({ hasText: second });
    await row.getByRole('button', { name: `Make admin: ${second}` }).click();
    await page
      .getByRole('dialog', { name: 'Make this user an admin?' })
      .getByRole('button', { name: 'Make admin' })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Revoke admin: ${second}` }).click();
    await page
      .getByRole('dialog', { name: 'Revoke admin rights?' })
      .getByRole('button', { name: 'Revoke admin' })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Make admin: ${second}` })).toBeVisible();

    // The ADMIN_EMAILS account is fixed: a badge and no button, and the server refuses a revocation.
    await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Search' }).click();
    const fixed = rows.filter({ hasText: ADMIN_EMAIL });
    await expect(fixed.getByText('Fixed (ADMIN_EMAILS)')).toBeVisible();
    await expect(fixed.getByRole('button')).toHaveCount(0);
    const refused = await request.put(`/api/admin/users/${admin.user.id}/admin`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { admin: false },
    });
    expect(refused.status()).toBe(400);
  });

  test('an admin starts a Rising Stars scrape, watches it succeed and finds it in the job history', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const admin = await createAccount(request, ADMIN_EMAIL, 'Site Admin');
    await signInWithStorage(page, admin);
    await page.goto('/admin');
    await expect(
      page.getByRole('table', { name: 'Job history' }).or(page.getByText('No jobs have run yet.')),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Scrape Rising Stars now' }).click();
    const progress = page.getByRole('status', { name: /^Job \d+$/ });
    await expect(progress).toBeVisible();
    const jobId = ((await progress.getAttribute('aria-label')) ?? '').replace('Job ', '');
    await expect(progress.getByTestId('job-status')).toHaveText('Succeeded', { timeout: 60_000 });
    await expect(progress.getByText(/^Finished in /)).toBeVisible();
    await expect(progress.getByText('Lists', { exact: true })).toBeVisible();

    const history = page.getByRole('table', { name: 'Job history' });
    const run = history.getByTestId('job-row').filter({ hasText: `#${jobId}` });
    await expect(run).toBeVisible();
    await expect(run).toContainText('Rising Stars');
    await expect(run).toContainText('Admin');
    await expect(run.getByTestId('job-status')).toHaveText('Succeeded');

    await page.getByRole('combobox', { name: 'Show' }).selectOption('fiction');
    await expect(history.getByTestId('job-row').filter({ hasText: `#${jobId}` })).toHaveCount(0);
  });

  test('an admin is told when a fiction link is not Royal Road', async ({ page, request }) => {
    const admin = await createAccount(request, ADMIN_EMAIL, 'Site Admin');
    await signInWithStorage(page, admin);
    await page.goto('/admin');
    await page.getByLabel('Royal Road fiction link or id').fill('https://example.com/fiction/12');
    await page.getByRole('button', { name: 'Scrape fiction' }).click();
    await expect(page.getByRole('alert')).toContainText('That is not a Royal Road fiction.');
  });

  test('a reader is sent to the dashboard and refused by the admin API; a visitor is sent to /login', async ({
    page,
    browser,
    request,
  }) => {
    const reader = await createAccount(request, uniqueEmail('not-admin'));
    await signInWithStorage(page, reader);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const statistics = await request.get('/api/admin/statistics', {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(statistics.status()).toBe(403);

    const visitor = await browser.newPage();
    await acceptCookies(visitor);
    await visitor.goto('/admin');
    await expect(visitor).toHaveURL('/login?return_to=/admin');
    await expect(visitor.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await visitor.close();
  });
});

import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  createAccount,
  PASSWORD,
  signInWithStorage,
  uniqueEmail,
} from '../support/accounts.ts';
import { scrollToCharts } from '../support/charts.ts';
import { linkIn, nthMail, SUBJECTS } from '../support/fake-mail.ts';
import { useStripeStandIn } from '../support/fake-stripe.ts';
import { capture, VIEWPORTS } from '../support/screenshots.ts';

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`pages at ${label} width`, () => {
    test.use({ viewport });

    test('public pages', async ({ page }) => {
      await acceptCookies(page);
      for (const [route, heading] of [
        ['/login', 'Sign in to your account'],
        ['/register', 'Create your account'],
        ['/about', 'About RR Companion'],
        ['/privacy', 'Privacy Policy'],
        ['/terms', 'Terms of Service'],
        ['/oauth/error', 'Authentication Failed'],
        ['/forgot-password', 'Forgot your password?'],
        ['/reset-password', 'Choose a new password'],
        ['/verify-email', 'This link did not work'],
      ] as const) {
        await page.goto(route);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await capture(page, `${label}-${route.slice(1).replace(/\//g, '-')}`);
      }
    });

    test('landing, fiction and popular pages', async ({ page }) => {
      await acceptCookies(page);
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Top 5 Rising Stars' }).getByRole('link')).toHaveCount(5);
      await capture(page, `${label}-landing`);
      await page.goto('/fiction/176641/worm_girl_evolution_litrpg_yuri');
      await scrollToCharts(page);
      // The charts' code loads only once they scroll into view.
      await expect(
        page.getByRole('region', { name: 'Engagement and growth' }).locator('.recharts-line-curve'),
      ).toHaveCount(5, { timeout: 15_000 });
      await capture(page, `${label}-fiction`);
      // A fiction with a chapter almost every day: the description's '<', the Chapters table, 'How it compares'.
      await page.goto('/fiction/176669/nuclear_son');
      await expect(page.getByRole('region', { name: 'Description' })).toContainText('< You have been');
      await capture(page, `${label}-fiction-top`);
      await page.goto('/royalroad');
      await expect(page.getByRole('heading', { name: 'Popular on Royal Road' })).toBeVisible();
      await expect(page.getByRole('listitem').first()).toBeVisible();
      await capture(page, `${label}-popular`);
    });

    test('compare', async ({ page }) => {
      await acceptCookies(page);
      await page.goto('/compare?ids=170001,173952,177597');
      await expect(
        page.getByRole('region', { name: 'Followers', exact: true }).locator('.recharts-line-curve'),
      ).toHaveCount(3);
      await expect(page.getByRole('region', { name: 'Days after the first chapter' })).toBeVisible();
      await capture(page, `${label}-compare`);
    });

    test('coffee and sponsor pages, with the payment modal', async ({ page, request }) => {
      const session = await createAccount(request, uniqueEmail('coffee'));
      await signInWithStorage(page, session);
      await useStripeStandIn(page);
      await page.goto('/coffee');
      await expect(page.getByRole('radio', { name: /Basic Coffee/ })).toBeChecked();
      await capture(page, `${label}-coffee`);
      await page.getByRole('button', { name: 'Donate $5' }).click();
      await expect(page.getByRole('dialog').getByLabel('Card number')).toBeVisible();
      await capture(page, `${label}-coffee-modal`);
      await page.goto('/sponsor/176641');
      await expect(page.getByRole('heading', { name: 'What a sponsorship gives' })).toBeVisible();
      await capture(page, `${label}-sponsor`);
    });

    test('Rising Stars pages', async ({ page }) => {
      await acceptCookies(page);
      await page.goto('/rising-stars-main');
      await expect(page.getByTestId('main-entry')).toHaveCount(50);
      await capture(page, `${label}-rising-stars-main`);
      await page.goto('/rising-stars-animation?speed=2&from=2026-07-10&to=2026-07-19');
      await expect(page.getByTestId('replay-row')).toHaveCount(50);
      await capture(page, `${label}-rising-stars-replay`);
      await page.goto('/rising-stars-position');
      await expect(page.getByRole('heading', { name: 'Rising Stars Position Calculator' })).toBeVisible();
      await capture(page, `${label}-position-form`);
      const main = (await (await page.request.get('/api/rising-stars/latest?genre=main')).json()).data
        .entries as Array<{ id: number }>;
      const fantasy = (await (await page.request.get('/api/rising-stars/latest?genre=fantasy')).json()).data
        .entries as Array<{
        id: number;
        royalroad_id: number;
      }>;
      const onMain = new Set(main.map((entry) => entry.id));
      const genreOnly = fantasy.find((entry) => !onMain.has(entry.id));
      await page.goto(`/rising-stars-position/${genreOnly?.royalroad_id}`);
      await expect(page.getByText('Estimated main position')).toBeVisible();
      await capture(page, `${label}-position-result`);
    });

    test('email verification and password reset', async ({ page, request }) => {
      const email = uniqueEmail('unverified');
      const session = await createAccount(request, email, 'Una Verified', { verified: false });
      await signInWithStorage(page, session);
      await page.goto('/dashboard');
      await expect(page.getByRole('region', { name: 'Verify your email address' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
      await capture(page, `${label}-verify-banner`);
      await page.getByRole('button', { name: 'Resend email' }).click();
      await expect(page.getByText(/It works for 24 hours/)).toBeVisible();
      await capture(page, `${label}-verify-banner-sent`);
      const link = linkIn(await nthMail(request, email, SUBJECTS.verify, 2), '/verify-email');
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
      await capture(page, `${label}-verify-email-done`);

      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('moving'));
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText(/Changing to/)).toBeVisible();
      await capture(page, `${label}-profile-pending-email`);

      await page.goto('/forgot-password');
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible();
      await capture(page, `${label}-forgot-password-sent`);
      await page.goto(linkIn(await nthMail(request, email, SUBJECTS.reset), '/reset-password'));
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Repeat the new password').fill('short');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await capture(page, `${label}-reset-password-refused`);
    });

    test('browse, movers and alert settings', async ({ page, request }) => {
      await acceptCookies(page);
      await page.goto('/fictions?q=litrpg');
      await expect(page.getByRole('region', { name: 'Results' }).getByRole('heading').first()).toBeVisible();
      await capture(page, `${label}-browse`);
      await page.goto('/fictions?q=no+such+fiction+zzyzx');
      await expect(page.getByRole('region', { name: /Paste its Royal Road link to add it/ })).toBeVisible();
      await capture(page, `${label}-browse-nothing-found`);
      await page.goto('/movers');
      await expect(page.getByRole('heading', { name: 'Movers', level: 1 })).toBeVisible();
      await expect(page.getByText('Loading the movers')).toHaveCount(0);
      await capture(page, `${label}-movers`);
      const session = await createAccount(request, uniqueEmail('alerts'));
      await request.post('/api/royalroad/add-fiction', {
        headers: { authorization: `Bearer ${session.token}` },
        data: { url: 'https://www.royalroad.com/fiction/176641' },
      });
      await signInWithStorage(page, session);
      await page.goto('/notifications/settings');
      await expect(page.getByRole('listitem', { name: /^Worm Girl Evolution/ })).toBeVisible();
      await capture(page, `${label}-alert-settings`);
    });

    test('cookie banner', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await capture(page, `${label}-cookie-banner`);
    });

    test('dashboard and admin', async ({ page, request, browser }) => {
      // Several pages, a Rising Stars capture from the fake and full-page captures: more than the default time.
      test.setTimeout(150_000);
      const admin = await createAccount(request, 'admin@example.com', 'Site Admin');
      const session = await createAccount(request, uniqueEmail('reader'), 'Ada Reader');
      await signInWithStorage(page, session);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
      await expect(page.getByText("You haven't added any favorites yet.")).toBeVisible();
      await capture(page, `${label}-dashboard-empty`);

      // A reading list with Rising Stars badges: capture the lists, then add three fictions from the top.
      const headers = { authorization: `Bearer ${session.token}` };
      const adminHeaders = { authorization: `Bearer ${admin.token}` };
      const trigger = await request.post('/api/admin/trigger/rising-stars-scrape', { headers: adminHeaders });
      const { jobId } = (await trigger.json()).data as { jobId: number };
      await expect
        .poll(
          async () =>
            (await (await request.get(`/api/admin/jobs/${jobId}`, { headers: adminHeaders })).json()).data
              .status,
          {
            timeout: 30_000,
          },
        )
        .toBe('succeeded');
      const top = (await (await request.get('/api/rising-stars/top?limit=3')).json()).data.entries as Array<{
        royalroad_id: number;
      }>;
      for (const entry of top) {
        await request.post('/api/royalroad/add-fiction', {
          headers,
          data: { url: `https://www.royalroad.com/fiction/${entry.royalroad_id}` },
        });
      }
      await page.reload();
      await expect(page.getByTestId('favorite-card')).toHaveCount(3);
      await expect(page.getByText('Rising Stars #1')).toBeVisible();
      await capture(page, `${label}-dashboard`);
      await page.getByRole('button', { name: 'All Fictions' }).click();
      await expect(page.getByTestId('fiction-row')).toHaveCount(3);
      await capture(page, `${label}-dashboard-all`);
      if (label === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.locator('#mobile-menu')).toBeVisible();
        await capture(page, `${label}-menu`);
        await page.getByRole('button', { name: 'Close menu' }).click();
      } else {
        // The header's groups and the account menu, each open in turn.
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const [menu, name] of [
          [nav.getByRole('button', { name: 'Rising Stars' }), 'rising-stars'],
          [nav.getByRole('button', { name: 'Discover' }), 'discover'],
          [nav.getByRole('button', { name: /^Account menu/ }), 'account'],
        ] as const) {
          await menu.click();
          await expect(menu).toHaveAttribute('aria-expanded', 'true');
          await capture(page, `${label}-header-${name}`);
          await page.keyboard.press('Escape');
        }
      }
      const adminPage = await browser.newPage({ viewport });
      await signInWithStorage(adminPage, admin);
      await adminPage.goto('/admin');
      await expect(adminPage.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
      await expect(adminPage.getByTestId('stat-users')).not.toHaveText('—');
      await expect(adminPage.getByRole('table', { name: 'Job history' })).toBeVisible();
      await capture(adminPage, `${label}-admin`);
      await adminPage.goto('/admin/users');
      // Parallel tests add accounts, so the admin may be on a later page; any full page will do.
      await expect(adminPage.getByTestId('user-row').first()).toBeVisible();
      await capture(adminPage, `${label}-admin-users`);
      await adminPage.close();
    });
  });
}

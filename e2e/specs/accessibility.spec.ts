import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, createAccount, signInWithStorage, uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { scrollToCharts } from '../support/charts.ts';
import { fillCard, useStripeStandIn } from '../support/fake-stripe.ts';

const PUBLIC_PAGES: Array<[string, (page: Page) => Promise<void>]> = [
  [
    '/',
    (page) =>
      expect(page.getByRole('region', { name: 'Top 5 Rising Stars' }).getByRole('link')).toHaveCount(5),
  ],
  ['/about', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ['/login', (page) => expect(page.getByRole('button', { name: /Continue with/ }).first()).toBeVisible()],
  ['/register', (page) => expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()],
  ['/forgot-password', (page) => expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible()],
  [
    '/reset-password?token=unknown',
    (page) => expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible(),
  ],
  [
    '/verify-email',
    (page) => expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible(),
  ],
  ['/privacy', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ['/terms', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  [
    '/oauth/error',
    (page) => expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible(),
  ],
  [
    '/oauth/callback',
    (page) => expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible(),
  ],
  [
    '/fiction/176641/worm_girl_evolution_litrpg_yuri',
    async (page) => {
      await scrollToCharts(page);
      await expect(page.getByRole('region', { name: 'Engagement and growth' })).toBeVisible();
    },
  ],
  [
    '/fiction/999999999',
    (page) => expect(page.getByRole('heading', { name: 'Fiction not found' })).toBeVisible(),
  ],
  ['/royalroad', (page) => expect(page.getByRole('listitem').first()).toBeVisible()],
  ['/fictions', (page) => expect(page.getByText(/^Page 1 of/)).toBeVisible()],
  ['/movers', (page) => expect(page.getByRole('heading', { name: 'Left Rising Stars' })).toBeVisible()],
  ['/rising-stars-main', (page) => expect(page.getByTestId('main-entry')).toHaveCount(50)],
  ['/rising-stars-animation', (page) => expect(page.getByTestId('replay-row').first()).toBeVisible()],
  ['/rising-stars-position', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ['/rising-stars-position/176641', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ['/coffee', (page) => expect(page.getByRole('radio', { name: /Basic Coffee/ })).toBeChecked()],
  [
    '/sponsor/176641',
    (page) => expect(page.getByRole('heading', { name: 'What a sponsorship gives' })).toBeVisible(),
  ],
];

test.describe('accessibility (axe: no serious or critical violation)', () => {
  for (const [path, ready] of PUBLIC_PAGES) {
    test(`public page ${path}`, async ({ page }) => {
      await acceptCookies(page);
      await useStripeStandIn(page);
      await page.goto(path);
      await ready(page);
      await expectAccessible(page, path);
    });
  }

  test('the banner asking a new reader to confirm their email address', async ({ page, request }) => {
    const session = await createAccount(request, uniqueEmail('unverified'), undefined, { verified: false });
    await signInWithStorage(page, session);
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Verify your email address' });
    await banner.getByRole('button', { name: 'Resend email' }).click();
    await expect(banner).toContainText('It works for 24 hours.');
    await expect(page.getByText('Not verified yet')).toBeVisible();
    await expectAccessible(page, 'verification banner');
  });

  test('the cookie banner', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('button', { name: /accept/i }).first()).toBeVisible();
    await expectAccessible(page, 'cookie banner');
  });

  test("a reader's pages, the payment modal and the mobile menu", async ({ page, request }) => {
    // Several pages and dialogs, each checked in turn: more than one page's time.
    test.slow();
    const session = await createAccount(request, uniqueEmail('a11y'), 'Ally Reader');
    const fiction = (await (await request.get('/api/fictions/176641')).json()).data as { id: number };
    const added = await request.post('/api/userFictions', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { fiction_id: fiction.id, status: 'reading' },
    });
    expect(added.status()).toBe(201);
    await signInWithStorage(page, session);
    await useStripeStandIn(page);
    await page.goto('/dashboard');
    await expect(page.getByText('Worm Girl Evolution').first()).toBeVisible();
    await expectAccessible(page, '/dashboard');
    await page.goto('/fiction/176641/worm_girl_evolution_litrpg_yuri');
    await expect(page.getByRole('button', { name: /Add to Favorites|Favorited/ })).toBeVisible();
    await expectAccessible(page, 'fiction page, signed in');
    await page.goto('/coffee');
    await page.getByRole('button', { name: 'Donate $5' }).click();
    await expect(page.getByRole('dialog').getByLabel('Card number')).toBeVisible();
    await expectAccessible(page, 'payment modal');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await page.getByRole('button', { name: /menu/i }).click();
    await expectAccessible(page, 'mobile menu');
  });

  test("a monthly donor's coffee page and its cancel dialog", async ({ page, request }) => {
    await signInWithStorage(page, await createAccount(request, uniqueEmail('a11y-monthly')));
    await useStripeStandIn(page);
    await page.goto('/coffee');
    await page.getByText('Monthly Coffee Pods', { exact: true }).click();
    await page.getByRole('button', { name: 'Donate $50/month' }).click();
    await fillCard(page.getByRole('dialog'));
    await page.getByRole('dialog').getByRole('button', { name: 'Pay $50' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for the coffee!' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('article')).toContainText('Renews on');
    await expectAccessible(page, 'monthly coffee');
    await page.getByRole('button', { name: 'Cancel monthly coffee' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel monthly coffee?' })).toBeVisible();
    await expectAccessible(page, 'cancel monthly coffee dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel monthly coffee' }).click();
    await expect(page.getByRole('article')).toContainText('Ends on');
    await expectAccessible(page, 'monthly coffee ending');
  });

  test("a visitor's note on how Monthly Coffee Pods are cancelled", async ({ page }) => {
    await acceptCookies(page);
    await useStripeStandIn(page);
    await page.goto('/coffee');
    await page.getByText('Monthly Coffee Pods', { exact: true }).click();
    await expect(page.getByText(/Renews every month until you cancel/)).toBeVisible();
    await expectAccessible(page, 'monthly note for visitors');
  });

  test('admin pages', async ({ page, request }) => {
    const session = await createAccount(request, 'admin@example.com');
    await signInWithStorage(page, session);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    await expect(page.getByText(/\$\d+\.\d\d/).first()).toBeVisible();
    await expectAccessible(page, '/admin');
    await page.goto('/admin/users');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, '/admin/users');
  });
});

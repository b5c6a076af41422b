import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, createAccount, PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { knownFakeFiction } from '../support/fake-royalroad.ts';
import { useStripeStandIn } from '../support/fake-stripe.ts';
import { readZip } from '../support/zip.ts';

// Fiction 176641 comes from the real July 2026 sample loaded into the test server.
const WORM_GIRL = 176641;
const WORM_GIRL_PATH = `/fiction/${WORM_GIRL}/worm_girl_evolution_litrpg_yuri`;

async function signInWithPassword(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('return after sign-in', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test("'Sign in to sponsor' brings the reader back to the sponsorship, ready to pay", async ({
    page,
    request,
  }) => {
    const royalroadId = await knownFakeFiction(request);
    const email = uniqueEmail('sponsor-return');
    await createAccount(request, email);
    await useStripeStandIn(page);

    await page.goto(`/sponsor/${royalroadId}`);
    await page.getByRole('link', { name: 'Sign in to sponsor' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?return_to=/sponsor/${royalroadId}$`));
    await signInWithPassword(page, email);

    await expect(page).toHaveURL(new RegExp(`/sponsor/${royalroadId}$`));
    await expect(page.getByRole('button', { name: 'Sponsor for $20' })).toBeVisible();
  });

  test("'Sign in to download data' brings a new reader back to the fiction, whose ZIP downloads", async ({
    page,
  }) => {
    await page.goto(WORM_GIRL_PATH);
    await page.getByRole('link', { name: 'Sign in to download data' }).click();
    await expect(page).toHaveURL(/\/login\?return_to=/);
    // No account yet: the way to create one keeps the return path.
    await page.getByRole('link', { name: 'create a new account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Email address').fill(uniqueEmail('download-return'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(new RegExp(`${WORM_GIRL_PATH}$`));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Data download' }).click();
    const files = await readZip(await (await downloading).path());
    expect(files.get('fiction.csv')).toContain(String(WORM_GIRL));
  });

  test('the return path survives a sign-in through the OAuth provider', async ({ page, request }) => {
    const royalroadId = await knownFakeFiction(request);
    await useStripeStandIn(page);

    await page.goto(`/sponsor/${royalroadId}`);
    await page.getByRole('link', { name: 'Sign in to sponsor' }).click();
    await page.getByRole('button', { name: 'Continue with Test Provider' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Test Provider' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('oauth-return'));
    const exchanged = page.waitForResponse('**/api/oauth/exchange');
    await page.getByRole('button', { name: 'Allow' }).click();

    // Signed in through the one-time code of the sign-in page, then back where the reader was.
    expect((await exchanged).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/sponsor/${royalroadId}$`));
    await expect(page.getByRole('button', { name: 'Sponsor for $20' })).toBeVisible();
    expect(page.url()).not.toContain('token=');
    expect(page.url()).not.toContain('code=');
  });

  for (const hostile of [
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '/%2F%2Fevil.example',
  ]) {
    test(`a return path of ${hostile} is ignored: the reader lands on the dashboard`, async ({
      page,
      request,
      baseURL,
    }) => {
      const email = uniqueEmail('hostile-return');
      await createAccount(request, email);
      await page.goto(`/login?return_to=${encodeURIComponent(hostile)}`);
      await signInWithPassword(page, email);

      await expect(page).toHaveURL(`${baseURL}/dashboard`);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    });
  }

  test('a hostile return path is not followed after an OAuth sign-in either', async ({ page, baseURL }) => {
    await page.goto(`/login?return_to=${encodeURIComponent('//evil.example/')}`);
    await page.getByRole('button', { name: 'Continue with Test Provider' }).click();
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('oauth-hostile'));
    await page.getByRole('button', { name: 'Allow' }).click();

    await expect(page).toHaveURL(`${baseURL}/dashboard`);
  });
});

import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, createAccount, PASSWORD, uniqueEmail } from '../support/accounts.ts';

const PROVIDER = 'Test Provider';
const WORM_GIRL = 176641;

/** On the provider's consent page: who signs in, and whether the email counts as verified. */
async function consent(page: Page, options: { email: string; name?: string; verified?: boolean }) {
  await expect(page.getByRole('heading', { name: 'Sign in to Test Provider' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(options.email);
  if (options.name) await page.getByLabel('Name', { exact: true }).fill(options.name);
  if (options.verified === false) await page.getByLabel('Email verified').uncheck();
  await page.getByRole('button', { name: 'Allow' }).click();
}

test.describe('OAuth sign-in', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('lists the providers: configured ones to continue with, others coming soon, never facebook or apple', async ({
    page,
  }) => {
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: `Continue with ${PROVIDER}` })).toBeEnabled();
      for (const name of ['Google', 'GitHub', 'Discord']) {
        await expect(page.getByRole('button', { name: `${name} (Coming Soon)` })).toBeDisabled();
      }
      await expect(page.getByRole('button', { name: /Facebook|Apple/ })).toHaveCount(0);
    }
  });

  test('continues with the provider and comes back signed in on the dashboard, through the code exchange', async ({
    page,
  }) => {
    const email = uniqueEmail('oidc');
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    await page.goto('/login');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    const exchanged = page.waitForResponse('**/api/oauth/exchange');
    await consent(page, { email, name: 'Olive Oidc' });
    // The page sent the one-time code of its address, and the server answered with the session.
    const exchange = await exchanged;
    expect(exchange.request().method()).toBe('POST');
    expect(exchange.status()).toBe(200);
    expect((await exchange.json()).data.user.email).toBe(email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Olive Oidc').first()).toBeVisible();
    // No session token ever appears in an address; the code leaves the address bar and the history entry.
    expect(addresses.some((address) => /\/oauth\/callback\?code=/.test(address))).toBe(true);
    expect(addresses.filter((address) => address.includes('token='))).toEqual([]);
    await page.goBack();
    expect(page.url()).not.toContain('code=');
    expect(page.url()).not.toContain('token=');
  });

  test('a sign-in page opened in another browser signs nobody in; the browser that signed in still can', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('oidc-link');
    // Hold this browser's exchange back, to learn the address of its sign-in page.
    let signInPage = '';
    await page.route('**/api/oauth/exchange', (route) => route.abort());
    page.on('framenavigated', (frame) => {
      if (frame.url().includes('/oauth/callback?code=')) signInPage = frame.url();
    });
    await page.goto('/login');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await consent(page, { email });
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
    expect(signInPage).toMatch(/\/oauth\/callback\?code=[\w-]+$/);

    // Someone else opens that address: no cookie of that sign-in, so no session.
    const other = await browser.newContext();
    try {
      const visitor = await other.newPage();
      await acceptCookies(visitor);
      const refused = visitor.waitForResponse('**/api/oauth/exchange');
      await visitor.goto(signInPage);
      expect((await refused).status()).toBe(400);
      await expect(visitor.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
      await expect(visitor.getByText('Authentication failed. Please try again.')).toBeVisible();
      expect(await visitor.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await visitor.goto('/dashboard');
      await expect(visitor).toHaveURL(/\/login/);
    } finally {
      await other.close();
    }

    // The browser that signed in exchanges the same code (unused so far), once.
    await page.unroute('**/api/oauth/exchange');
    await page.goto(signInPage);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(signInPage);
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
  });

  test("an old-style link with someone's session token in it signs nobody in", async ({ page, request }) => {
    const someoneElse = await createAccount(request, uniqueEmail('token-link'), 'Someone Else');
    const link = `/oauth/callback?token=${someoneElse.token}&user=${encodeURIComponent(JSON.stringify(someoneElse.user))}`;
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByText('No authentication token received.')).toBeVisible();
    expect(page.url()).not.toContain(someoneElse.token);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Welcome, Someone Else')).toHaveCount(0);
  });

  test('the Authentication Failed screen shows only texts the site sends', async ({ page }) => {
    await page.goto(`/oauth/error?error=${encodeURIComponent('Your account is locked. Call +1 555 0100.')}`);
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByText('An error occurred during authentication. Please try again.')).toBeVisible();
    await expect(page.getByText(/Call \+1 555/)).toHaveCount(0);
    await page.goto(`/oauth/error?error=${encodeURIComponent('OAuth is currently disabled for github')}`);
    await expect(page.getByText('OAuth is currently disabled for github')).toBeVisible();
  });

  test('from a fiction page, lands back on the fiction with it in the list', async ({ page, request }) => {
    const email = uniqueEmail('oidc-fiction');
    await page.goto(`/fiction/${WORM_GIRL}`);
    await page.getByRole('link', { name: 'Sign in to track this fiction' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?fiction_id=${WORM_GIRL}$`));
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await consent(page, { email });
    await expect(page).toHaveURL(new RegExp(`/fiction/${WORM_GIRL}/worm_girl_evolution_litrpg_yuri$`));
    await expect(page.getByRole('button', { name: 'Favorited' })).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const list = await request.get('/api/userFictions/all', {
      headers: { authorization: `Bearer ${token}` },
    });
    const entries = (await list.json()).data as Array<{ status: string; fiction: { royalroad_id: number } }>;
    expect(entries.map((entry) => [entry.fiction.royalroad_id, entry.status])).toEqual([
      [WORM_GIRL, 'plan_to_read'],
    ]);
  });

  test('password sign-in from a fiction page also adds the fiction', async ({ page, request }) => {
    const email = uniqueEmail('password-fiction');
    await createAccount(request, email);
    await page.goto(`/login?fiction_id=${WORM_GIRL}`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/fiction/${WORM_GIRL}/`));
    await expect(page.getByRole('button', { name: 'Favorited' })).toBeVisible();
  });

  test('a denied consent lands on the Authentication Failed screen with its message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Test Provider' })).toBeVisible();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(/\/oauth\/error\?/);
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByText(`You cancelled the sign-in with ${PROVIDER}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  });

  test('a forged state and a replayed callback are refused', async ({ page }) => {
    const stateMessage = 'The sign-in link has expired or was already used. Please try again.';
    // Forged: the browser holds a real state cookie, but the callback carries another state.
    await page.goto('/login');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Test Provider' })).toBeVisible();
    await page.goto('/api/oauth/oidc/callback?code=made-up&state=forged-state');
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByText(stateMessage)).toBeVisible();

    // Replayed: a completed callback address, used a second time.
    let callback = '';
    page.on('request', (request) => {
      if (request.url().includes('/api/oauth/oidc/callback?')) callback = request.url();
    });
    await page.goto('/login');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await consent(page, { email: uniqueEmail('oidc-replay') });
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(callback).toContain('state=');
    await page.goto(callback);
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByText(stateMessage)).toBeVisible();
  });

  test('an existing password account is linked only when the provider verified the email', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('linked');
    const account = await createAccount(request, email, 'Pat Password');

    await page.goto('/login');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await consent(page, { email, verified: false });
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByText(/An account with this email already exists/)).toBeVisible();

    await page.goto('/login');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await consent(page, { email, verified: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.id).toBe(account.user.id);
  });
});

import { expect, test } from '@playwright/test';
import { acceptCookies, createAccount, PASSWORD, uniqueEmail } from '../support/accounts.ts';

test.describe('accounts', () => {
  test('register → dashboard → logout → login', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(
      page.getByText('Password must be at least 8 characters with uppercase, lowercase, and number.'),
    ).toBeVisible();
    await page.getByLabel('Full name (optional)').fill('Ada Reader');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Ada Reader')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
    await expect(page.getByRole('definition').getByText(email)).toBeVisible();

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Email address').fill(email.toUpperCase());
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Ada Reader')).toBeVisible();

    // The session survives a reload and is verified again.
    await page.reload();
    await expect(page.getByText('Welcome, Ada Reader')).toBeVisible();
  });

  test('a weak password is refused with what is missing', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/register');
    await page.getByLabel('Email address').fill(uniqueEmail());
    await page.getByLabel('Password').fill('lowercase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password needs an uppercase letter and a number.');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a taken email is refused', async ({ page, request }) => {
    const email = uniqueEmail();
    await createAccount(request, email);
    await acceptCookies(page);
    await page.goto('/register');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
  });

  test('wrong credentials are refused without saying which part is wrong', async ({ page, request }) => {
    const email = uniqueEmail();
    await createAccount(request, email);
    await acceptCookies(page);
    await page.goto('/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('Wrong-password1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the cookie choice is remembered', async ({ page }) => {
    await page.goto('/about');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'About RR Companion' })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

import { expect, test } from '@playwright/test';
import { acceptCookies } from '../support/accounts.ts';

test.describe("Royal Road's popular list", () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('is reached from the header on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Discover' }).click();
    await nav.getByRole('link', { name: 'Popular' }).click();
    await expect(page).toHaveURL(/\/royalroad$/);
    await expect(page.getByRole('heading', { name: 'Popular on Royal Road', level: 1 })).toBeVisible();
    await expect(page.getByRole('listitem').first()).toBeVisible();
  });

  test('is reached from the phone menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Popular' }),
    ).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Popular' }).click();
    await expect(page).toHaveURL(/\/royalroad$/);
    await expect(page.getByRole('heading', { name: 'Popular on Royal Road', level: 1 })).toBeVisible();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
  });

  test('is reached from the landing page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /See what is popular on Royal Road/ }).click();
    await expect(page.getByRole('heading', { name: 'Popular on Royal Road', level: 1 })).toBeVisible();
  });
});

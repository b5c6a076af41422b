import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ARTIFACTS, FAKE_ROYALROAD_URL } from '../playwright.config.ts';
import { acceptCookies } from '../support/accounts.ts';
import { fictionUrl, newFakeFictions } from '../support/fake-royalroad.ts';

// The Position Calculator for a fiction the site has never seen: it is looked up on the fake Royal Road when a
// visitor asks, then placed; an id Royal Road does not have is said to be so.

test.describe('Position Calculator for a fiction new to the site', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('looks the fiction up on Royal Road and places it', async ({ page, request }) => {
    const [royalroadId] = await newFakeFictions(request, 1);
    expect((await request.get(`/api/fictions/${royalroadId}`)).status()).toBe(404);

    await page.goto('/rising-stars-position');
    await expect(
      page.getByText('Any fiction on Royal Road: one this site has not seen yet is looked up there first.'),
    ).toBeVisible();
    await page.getByLabel('Royal Road fiction URL or id').fill(fictionUrl(royalroadId as number));
    await page.getByRole('button', { name: 'Calculate position' }).click();
    await expect(page).toHaveURL(new RegExp(`/rising-stars-position/${royalroadId}$`));
    await expect(
      page
        .getByText(
          'This fiction is not on any Rising Stars list right now, so there is no position to estimate.',
        )
        .first(),
    ).toBeVisible();

    // It was read from Royal Road, and the site knows it now: its title leads to its page here.
    const sent = (await (await request.get(`${FAKE_ROYALROAD_URL}/__fake/requests`)).json()) as Array<{
      path: string;
    }>;
    expect(sent.map((entry) => entry.path)).toContain(`/fiction/${royalroadId}`);
    const stored = await request.get(`/api/fictions/${royalroadId}`);
    expect(stored.status()).toBe(200);
    const title = (await stored.json()).data.title as string;
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', `position-looked-up-${width}.png`) });
    }
    await heading.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Fiction Details')).toBeVisible();
  });

  test('says "Fiction not found on Royal Road" for an id Royal Road does not have', async ({ page }) => {
    await page.goto('/rising-stars-position/987654321');
    await expect(page.getByRole('alert')).toHaveText('Fiction not found on Royal Road');
    // Nothing to try again: the way back to the form is the link above.
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '← Position Calculator' })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 700 });
      await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', `position-not-found-${width}.png`) });
    }
  });
});

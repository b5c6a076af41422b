import { expect, test } from '@playwright/test';
import { acceptCookies, createAccount, signInWithStorage } from '../support/accounts.ts';

// The test server holds the real July 2026 sample: 19 captures of the main list and five genre lists.
test.describe('Rising Stars pages', () => {
  test('the main list shows 50 rows with their movement, best position and days on the list', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto('/rising-stars-main');
    await expect(page.getByRole('heading', { name: 'Rising Stars — main list' })).toBeVisible();
    const rows = page.getByTestId('main-entry');
    await expect(rows).toHaveCount(50);
    await expect(page.getByText(/Captured .* Pacific time/)).toBeVisible();
    await expect(rows.first()).toContainText('#1');
    const movements = await rows.allTextContents();
    expect(movements.some((text) => /Moved (up|down) from #\d+|No change|New/.test(text))).toBe(true);
    await expect(rows.first()).toContainText(/Highest|best/);
  });

  test('the replay plays, pauses, scrubs, changes list, follows a fiction, and a copied link restores it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await acceptCookies(page);
    // A fixed period of the July 2026 sample: other tests may add captures of today.
    await page.goto('/rising-stars-animation?from=2026-07-10&to=2026-07-19');
    await expect(page.getByTestId('replay-row')).toHaveCount(50);
    const frameTime = page.getByTestId('frame-time');
    await expect(frameTime).toContainText(/ 1\/\d+$/);

    await page.getByRole('button', { name: '4×' }).click();
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(frameTime).not.toContainText(/ 1\/\d+$/);
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await frameTime.textContent();
    await page.waitForTimeout(600);
    expect(await frameTime.textContent()).toBe(paused);

    // Scrub to the third capture.
    const slider = page.getByRole('slider');
    await slider.focus();
    await slider.press('Home');
    await slider.press('ArrowRight');
    await slider.press('ArrowRight');
    await expect(frameTime).toContainText(/ 3\/\d+$/);

    await page.getByLabel('List', { exact: true }).selectOption('fantasy');
    await expect(page).toHaveURL(/genre=fantasy/);
    await expect(page.getByTestId('replay-row')).toHaveCount(50);

    const follow = page.getByLabel('Follow a fiction', { exact: true });
    const option = follow.locator('option').nth(3);
    const followedTitle = (await option.textContent()) ?? '';
    await follow.selectOption({ index: 3 });
    await expect(page).toHaveURL(/follow=\d+/);
    await expect(page.locator('[data-followed]')).toContainText(followedTitle);

    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('genre=fantasy');
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByLabel('List', { exact: true })).toHaveValue('fantasy');
    await expect(other.getByRole('button', { name: '4×' })).toHaveAttribute('aria-pressed', 'true');
    await expect(other.locator('[data-followed]')).toContainText(followedTitle);
  });

  test('the calculator works from a URL, from an id and from a favorite', async ({ page, request }) => {
    const session = await createAccount(request);
    // A fiction that is on a genre list but not on the main list of the last capture.
    const main = (await (await request.get('/api/rising-stars/latest?genre=main')).json()).data
      .entries as Array<{ id: number }>;
    const fantasy = (await (await request.get('/api/rising-stars/latest?genre=fantasy')).json()).data
      .entries as Array<{
      id: number;
      royalroad_id: number;
    }>;
    const onMain = new Set(main.map((entry) => entry.id));
    const genreOnly = fantasy.find((entry) => !onMain.has(entry.id));
    expect(genreOnly).toBeDefined();
    const headers = { authorization: `Bearer ${session.token}` };
    await request.post('/api/royalroad/add-fiction', {
      headers,
      data: { url: `https://www.royalroad.com/fiction/${genreOnly?.royalroad_id}` },
    });
    await signInWithStorage(page, session);

    await page.goto('/rising-stars-position');
    await page
      .getByLabel('Royal Road fiction URL or id')
      .fill(`https://www.royalroad.com/fiction/${genreOnly?.royalroad_id}/x`);
    await page.getByRole('button', { name: 'Calculate position' }).click();
    await expect(page).toHaveURL(new RegExp(`/rising-stars-position/${genreOnly?.royalroad_id}$`));
    await expect(page.getByText('Estimated main position')).toBeVisible();
    await expect(page.getByText('Places to climb to #50')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How the estimate works' })).toBeVisible();

    const top = (await (await request.get('/api/rising-stars/top?limit=1')).json()).data.entries[0] as {
      royalroad_id: number;
    };
    await page.goto('/rising-stars-position');
    await page.getByLabel('Royal Road fiction URL or id').fill(String(top.royalroad_id));
    await page.getByRole('button', { name: 'Calculate position' }).click();
    await expect(page.getByText('On the main list', { exact: true })).toBeVisible();
    await expect(page.getByText('#1', { exact: true }).first()).toBeVisible();

    await page.goto('/rising-stars-position');
    await page.getByLabel('Or pick one of your favorites').selectOption({ index: 1 });
    await expect(page).toHaveURL(new RegExp(`/rising-stars-position/${genreOnly?.royalroad_id}$`));
    await expect(page.getByText('Estimated main position')).toBeVisible();
  });
});

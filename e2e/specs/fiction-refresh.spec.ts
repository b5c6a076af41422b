import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ARTIFACTS, FAKE_ROYALROAD_URL } from '../playwright.config.ts';
import { createAccount, signInWithStorage } from '../support/accounts.ts';

// A reader refreshes a fiction from the fake Royal Road on its page, and meets the limit of 10 a day.
// Fictions known from Royal Road's popular list only were never read from their own page: their data is
// older than 6 hours, so they may be refreshed.

interface PopularEntry {
  royalroad_id: number;
  title: string;
}

async function listOnlyFictions(request: APIRequestContext): Promise<PopularEntry[]> {
  const response = await request.get('/api/royalroad/popular');
  expect(response.ok()).toBe(true);
  // From the end of the list, away from the fictions other tests open from the popular page.
  return ((await response.json()).data as PopularEntry[]).slice(-12).reverse();
}

test.describe('refreshing a fiction', () => {
  test('a reader refreshes a fiction older than 6 hours, follows it, and meets the limit of 10 a day', async ({
    page,
    request,
  }) => {
    const [target, nextOne, ...others] = await listOnlyFictions(request);
    if (!target || !nextOne) throw new Error('the popular list is too short');
    const session = await createAccount(request);
    const headers = { authorization: `Bearer ${session.token}` };
    // Nine refreshes of other fictions already today.
    for (const other of others.slice(0, 9)) {
      const answer = await request.post(`/api/fictions/${other.royalroad_id}/refresh`, { headers });
      expect(answer.status(), await answer.text()).toBe(200);
    }

    await signInWithStorage(page, session);
    await page.goto(`/fiction/${target.royalroad_id}`);
    const box = page.getByRole('region', { name: 'Refresh from Royal Road' });
    await expect(box).toContainText(
      'Not yet read from its own page on Royal Road. 1 of 10 refreshes left today.',
    );
    const stats = page.getByRole('region', { name: 'Current Stats' });
    // A popular list shows no favorites count: only the fiction's own page does.
    await expect(stats.getByText('Favorites', { exact: true }).locator('..')).toContainText('N/A');

    const requestsBefore = (await (
      await request.get(`${FAKE_ROYALROAD_URL}/__fake/requests`)
    ).json()) as Array<{
      path: string;
    }>;
    // Royal Road is slow to answer: the reader sees the refresh under way.
    await request.post(`${FAKE_ROYALROAD_URL}/__fake/rules`, {
      data: { path: `/fiction/${target.royalroad_id}`, delayMs: 2_500, times: 1 },
    });
    await box.getByRole('button', { name: 'Refresh now' }).click();
    await expect(box.getByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    await expect(
      box.getByRole('status').filter({ hasText: 'Reading the page from Royal Road...' }),
    ).toBeVisible();
    await expect(box.getByRole('progressbar', { name: 'Refresh progress' })).toHaveAttribute(
      'aria-valuenow',
      '66',
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', 'fiction-refreshing-1280.png') });
    await expect(box.getByRole('status').filter({ hasText: 'Refreshed just now' })).toHaveText(
      'Refreshed just now: the numbers on this page are fresh.',
    );
    await expect(box).toContainText(
      /Last updated (now|\d+ seconds? ago)\. You can refresh it again in 6 hours\./,
    );
    await expect(box.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
    await expect(stats.getByText('Favorites', { exact: true }).locator('..')).not.toContainText('N/A');
    const requestsAfter = (await (
      await request.get(`${FAKE_ROYALROAD_URL}/__fake/requests`)
    ).json()) as Array<{
      path: string;
    }>;
    expect(requestsAfter.slice(requestsBefore.length).map((sent) => sent.path)).toContain(
      `/fiction/${target.royalroad_id}`,
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', `fiction-refreshed-${width}.png`) });
    }

    // The tenth was the last one today: another stale fiction cannot be refreshed, and the page says until when.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/fiction/${nextOne.royalroad_id}`);
    await expect(box).toContainText(
      'Not yet read from its own page on Royal Road. You have used your 10 refreshes for today; the next one in 24 hours.',
    );
    await expect(box.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
    const refused = await request.post(`/api/fictions/${nextOne.royalroad_id}/refresh`, { headers });
    expect(refused.status()).toBe(429);
    expect((await refused.json()).error).toBe(
      'You have used your 10 refreshes for today. You can refresh again in about 24 hours.',
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: path.join(ARTIFACTS, 'screenshots', `fiction-refresh-limit-${width}.png`),
      });
    }
  });

  test('visitors see no refresh: it is for signed-in readers', async ({ page, request }) => {
    const [target] = await listOnlyFictions(request);
    await page.goto(`/fiction/${target?.royalroad_id}`);
    await expect(page.getByRole('region', { name: 'Current Stats' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Refresh from Royal Road' })).toHaveCount(0);
  });
});

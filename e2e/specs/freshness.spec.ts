import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, createAccount, signInWithStorage } from '../support/accounts.ts';
import { capture, VIEWPORTS } from '../support/screenshots.ts';

// Honest freshness over the real July 2026 sample, months older than the clock: every page says when its data
// was captured, and 'recent' is counted from that capture, not from today. This spec runs with the sample
// untouched (before any other spec scrapes the fake Royal Road and so makes a capture of today).

/** The sample's last Rising Stars capture, 2026-07-19T18:42:47Z, as the browser (UTC) shows its day. */
const LAST_CAPTURE = 'Jul 19, 2026';
/** A fiction of the sample with a chapter a day from Jul 6 to Jul 21, its last snapshot on Jul 22. */
const DAILY = 176669;

/** Scrolls until the Growth section (loaded once in view) is there. */
async function scrollToGrowth(page: Page) {
  await expect(async () => {
    await page
      .getByRole('heading', { name: 'Growth', exact: true })
      .or(page.getByText('Loading growth...'))
      .or(page.getByText('Loading charts...'))
      .first()
      .evaluate((element) => element.scrollIntoView({ block: 'center' }), undefined, { timeout: 2_000 });
    await expect(page.getByRole('heading', { name: 'Growth', exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`freshness at ${label} width`, () => {
    test.use({ viewport });

    test('the main list says when it was captured and counts movement from that capture', async ({
      page,
    }) => {
      await acceptCookies(page);
      await page.goto('/rising-stars-main');
      await expect(page.getByTestId('main-entry')).toHaveCount(50);
      const freshness = page.getByTestId('freshness');
      await expect(freshness).toBeVisible();
      await expect(freshness).toHaveText(new RegExp(`^Latest capture ${LAST_CAPTURE} — \\d+ days ago$`));
      // Movement reads against the capture: nothing on the list is 'N days ago' from today.
      const rows = await page.getByTestId('main-entry').allTextContents();
      expect(rows.filter((row) => / ago/.test(row))).toEqual([]);
      expect(rows.some((row) => /at this capture|before this capture|No change for/.test(row))).toBe(true);
      await capture(page, `${label}-freshness-rising-stars-main`);
    });

    test('the replay and Movers flag their old data', async ({ page }) => {
      await acceptCookies(page);
      await page.goto('/rising-stars-animation');
      await expect(page.getByTestId('freshness')).toHaveText(
        new RegExp(`^Latest capture ${LAST_CAPTURE} — `),
      );
      await expect(page.getByTestId('replay-row')).toHaveCount(50);
      await capture(page, `${label}-freshness-replay`);
      await page.goto('/movers');
      await expect(page.getByTestId('freshness')).toHaveText(
        /^Latest snapshot Jul \d+, 2026 — \d+ days ago$/,
      );
      await capture(page, `${label}-freshness-movers`);
    });

    test('a fiction with a chapter a day in its last captured month shows that cadence, not 0', async ({
      page,
    }) => {
      await acceptCookies(page);
      await page.goto(`/fiction/${DAILY}`);
      await scrollToGrowth(page);
      const cadence = page.getByTestId('cadence');
      await expect(cadence).toContainText('chapters a week in the 4 weeks before its latest snapshot');
      const perWeek = Number((await cadence.locator('strong').first().textContent())?.replace(/,/g, ''));
      // Sixteen daily chapters up to Jul 21 (and a few before): about seven a week.
      expect(perWeek).toBeGreaterThanOrEqual(5);
    });

    test('admin shows the last capture of data loaded without a job run, and that the scheduler is off', async ({
      page,
      request,
    }) => {
      const admin = await createAccount(request, 'admin@example.com', 'Site Admin');
      await signInWithStorage(page, admin);
      await page.goto('/admin');
      const health = page.locator('section', { has: page.getByRole('heading', { name: 'Scrape health' }) });
      await expect(
        health.getByText('The scheduler is off (SCHEDULER=off): nothing runs on a schedule.'),
      ).toBeVisible();
      await expect(health.getByText('Next runs')).toHaveCount(0);
      const risingStars = health.getByRole('article', { name: 'Rising Stars' });
      await expect(risingStars.getByTestId('freshness')).toHaveText(
        new RegExp(`^Last capture ${LAST_CAPTURE} — \\d+ days ago$`),
      );
      await expect(risingStars.getByText('Never run')).toHaveCount(0);
      await expect(
        health.getByRole('article', { name: 'All fictions' }).getByTestId('freshness'),
      ).toBeVisible();
      await capture(page, `${label}-freshness-admin`);
    });
  });
}

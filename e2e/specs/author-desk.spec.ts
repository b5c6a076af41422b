import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ARTIFACTS, FAKE_ROYALROAD_URL } from '../playwright.config.ts';
import { createAccount, signInWithStorage } from '../support/accounts.ts';
import { scrollToCharts } from '../support/charts.ts';
import { knownFakeFiction, newFakeFictions } from '../support/fake-royalroad.ts';
import { pastFollowers } from '../support/history.ts';
import { capture } from '../support/screenshots.ts';

// The author's desk in the browser: an author claims their fiction from its page (code, copy, check,
// verified), marks a shoutout, sees it on the charts with its effect and the band the trend before it expected,
// and opens /desk; another reader sees the changes detected on the fiction but not the author's private
// shoutout. At both widths.

const WIDTHS = [
  { name: 'wide', width: 1280, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

/** `YYYY-MM-DDTHH:mm:ss` in UTC, as the datetime-local input holds a time (the browser runs in UTC). */
const inputTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A month of nightly followers before today: about 10 a day (8 and 12 in turn), and 30 a day in the week after
 * the shoutout 15 days ago. The trend before it says +70 for that week; it gained +210.
 */
function aMonthWithAShoutout(): Array<[number, number]> {
  const past: Array<[number, number]> = [];
  let followers = 550;
  for (let days = 30; days >= 1; days--) {
    past.push([days, followers]);
    followers += days <= 15 && days > 8 ? 30 : days % 2 ? 8 : 12;
  }
  return past;
}

for (const size of WIDTHS) {
  test.describe(`author's desk (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, timezoneId: 'UTC' });
    test.setTimeout(120_000);

    test('an author claims a fiction, marks a shoutout, sees it on the charts and opens the desk', async ({
      page,
      request,
      browser,
    }) => {
      const royalroadId = await knownFakeFiction(request, { followers: 1000 });
      pastFollowers(royalroadId, aMonthWithAShoutout());
      const author = await createAccount(request, undefined, 'Ada Author');
      await signInWithStorage(page, author);
      await page.goto(`/fiction/${royalroadId}`);

      const claim = page.getByRole('region', { name: 'Are you its author?' });
      await claim.getByRole('button', { name: 'Claim this fiction' }).click();
      const steps = page.getByRole('region', { name: 'Claim this fiction' });
      const code = (await steps.locator('code').textContent())?.trim() ?? '';
      expect(code).toMatch(/^rrc-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await expect(steps.getByRole('button', { name: 'Copy the claim code' })).toBeVisible();
      // Checked before the code is placed: refused, saying where it looked.
      await steps.getByRole('button', { name: 'Check now' }).click();
      await expect(steps.getByRole('alert')).toContainText(
        `The code ${code} is not in the fiction's description`,
      );

      // The author places the code in the description on Royal Road (the fake's control endpoint), and changes
      // the title while at it: a change the site detects.
      const placed = await request.post(`${FAKE_ROYALROAD_URL}/__fake/site/page`, {
        data: { id: royalroadId, description: [`My story. ${code}`], title: `The Relaunch ${royalroadId}` },
      });
      expect(placed.ok()).toBe(true);
      await steps.getByRole('button', { name: 'Check now' }).click();
      const verified = page.getByRole('region', { name: "You are this fiction's verified author" });
      await expect(verified).toBeVisible();
      await expect(page.getByText('Claimed by its author')).toBeVisible();

      // The shoutout, 15 days ago: a fortnight of captures before it, and its week after over.
      const at = Math.floor((Date.now() - 15 * DAY_MS) / 1000) * 1000;
      const panel = page.getByRole('region', { name: 'What you did' });
      await panel.getByLabel('What you did').selectOption('shoutout');
      await panel.getByLabel('When').fill(inputTime(at));
      const [partner] = await newFakeFictions(request, 1);
      await panel.getByLabel('Partner fiction (Royal Road link or number)').fill(String(partner));
      await panel.getByLabel('Note').fill('Swap with a friend');
      await panel.getByRole('button', { name: 'Add event' }).click();
      const item = panel.getByRole('listitem').filter({ hasText: 'Swap with a friend' });
      await expect(item).toBeVisible({ timeout: 20_000 });
      await expect(item).toContainText('Only you');
      await expect(item).toContainText(
        /\+2\d\d followers in the 7 days after; the 14 days before pointed to \+[67]\d/,
      );

      // On the charts: the shoutout and the detected title change are marked.
      await scrollToCharts(page);
      const engagement = page.getByRole('region', { name: 'Engagement and growth' });
      await engagement.scrollIntoViewIfNeeded();
      await expect(engagement.getByRole('button', { name: /Releases and events/ })).toBeVisible();
      await expect(engagement.locator('.release-marker[data-kind="author"]').first()).toBeAttached();
      await expect(engagement.locator('.release-marker[data-kind="author"]').first()).toHaveAttribute(
        'data-title',
        /^Shoutout: Swap with a friend — \+2\d\d followers/,
      );
      // After it, on the followers chart, the band the trend before it expected (its line runs above it).
      const band = engagement.locator('.expected-band');
      await expect(band).toHaveCount(1);
      await expect(band).toHaveAttribute('data-title', /^Shoutout: Swap with a friend/);
      await engagement.screenshot({
        path: path.join(ARTIFACTS, 'screenshots', `author-band-${size.name}.png`),
      });
      await capture(page, `author-fiction-${size.name}`);

      await page.goto('/desk');
      await expect(page.getByRole('heading', { name: 'Your desk' })).toBeVisible();
      // The week, as Monday's mail tells it.
      const week = page.getByRole('region', { name: 'This week' });
      await expect(week).toContainText(/\+\d+ followers in the last seven days; the best day was/);
      await expect(week).toContainText('What changed');
      // A table on a wide screen, a card per event on a phone.
      const worked =
        size.name === 'wide'
          ? page.getByRole('table').getByRole('row').filter({ hasText: 'Shoutout' })
          : page.getByRole('list', { name: 'What worked' }).getByRole('listitem');
      await expect(worked).toContainText('Swap with a friend');
      await expect(worked).toContainText('Above the trend');
      await capture(page, `author-desk-${size.name}`);

      // Another reader: the title change is marked, the private shoutout is nowhere.
      const other = await createAccount(request);
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const elsewhere = await context.newPage();
      await signInWithStorage(elsewhere, other);
      await elsewhere.goto(`/fiction/${royalroadId}`);
      await expect(elsewhere.getByText('Claimed by its author')).toBeVisible();
      await scrollToCharts(elsewhere);
      const theirs = elsewhere.getByRole('region', { name: 'Engagement and growth' });
      await theirs.scrollIntoViewIfNeeded();
      await expect(theirs.locator('.release-marker[data-kind="change"]').first()).toBeAttached();
      await expect(theirs.locator('.release-marker[data-kind="author"]')).toHaveCount(0);
      await expect(theirs.locator('.expected-band')).toHaveCount(0);
      await expect(elsewhere.getByText('Swap with a friend')).toHaveCount(0);
      await expect(elsewhere.getByRole('region', { name: 'What you did' })).toHaveCount(0);
      await context.close();
    });
  });
}

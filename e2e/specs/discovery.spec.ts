import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { ARTIFACTS } from '../playwright.config.ts';
import { acceptCookies, createAccount, signInWithStorage, uniqueEmail } from '../support/accounts.ts';

// Browse and Movers over the real July 2026 sample the browser tests' server is seeded with. The expected
// figures are computed here, from the sample's own snapshots, by the rules of the movers: a window ends at
// the latest snapshot of all; a fiction's end is its latest snapshot in the day before that, its start its
// latest snapshot in the day before the window's start.

const SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/demo-data/sample/fictions.ndjson.gz',
);
const DAY = 24 * 60 * 60 * 1000;

interface SampleFiction {
  title: string;
  tags: string[];
  history: Array<{ t: string; followers?: number | null }>;
}
const sample: SampleFiction[] = gunzipSync(readFileSync(SAMPLE))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SampleFiction);
const points = (fiction: SampleFiction) =>
  fiction.history
    .filter((point) => typeof point.followers === 'number')
    .map((point) => ({ at: Date.parse(point.t), followers: point.followers as number }))
    .sort((a, b) => a.at - b.at);
const latestAt = Math.max(...sample.flatMap((fiction) => points(fiction).map((point) => point.at)));
const lastIn = (fiction: SampleFiction, after: number, until: number) =>
  points(fiction).findLast((point) => point.at > after && point.at <= until);
const gain7 = (fiction: SampleFiction) => {
  const end = lastIn(fiction, latestAt - DAY, latestAt);
  const start = lastIn(fiction, latestAt - 8 * DAY, latestAt - 7 * DAY);
  return end && start
    ? { gain: end.followers - start.followers, from: start.followers, to: end.followers }
    : null;
};
const currentFollowers = (fiction: SampleFiction) => points(fiction).at(-1)?.followers ?? null;

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const cardTitles = (page: Page) =>
  page.getByRole('region', { name: 'Results' }).getByRole('heading', { level: 2 });

async function search(page: Page, words: string) {
  await page.getByRole('searchbox', { name: 'Search by title, author or tag' }).fill(words);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The filters form: beside the results on a wide screen, folded away on a phone. */
async function filters(page: Page) {
  await expect(page.getByRole('heading', { name: 'Browse fictions', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Filters' });
  if (!(await form.isVisible())) await page.getByText('Filters and sort').click();
  return form;
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`Browse and Movers at ${label} width`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await acceptCookies(page);
    });

    test('Browse is in the header, and a title search finds the fiction first', async ({ page }) => {
      await page.goto('/about');
      if (label === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.locator('#mobile-menu').getByRole('link', { name: 'Browse' }).click();
      } else {
        const nav = page.getByRole('navigation', { name: 'Main' });
        await nav.getByRole('button', { name: 'Discover' }).click();
        await nav.getByRole('link', { name: 'Browse' }).click();
      }
      await expect(page.getByRole('heading', { name: 'Browse fictions', level: 1 })).toBeVisible();
      await expect(page.getByText(`${sample.length} fictions`)).toBeVisible();
      await search(page, 'nuclear son');
      await expect(page).toHaveURL(/\/fictions\?q=nuclear\+son$/);
      await expect(cardTitles(page).first()).toHaveText('Nuclear Son');
      await page.screenshot({
        path: path.join(ARTIFACTS, 'screenshots', `browse-${label}.png`),
        fullPage: true,
      });
    });

    test('a tag and a followers range narrow the results, and the address brings them back', async ({
      page,
    }) => {
      const expected = sample.filter((fiction) => {
        const followers = currentFollowers(fiction);
        return (
          fiction.tags.some((tag) => tag.toLowerCase() === 'litrpg') &&
          followers !== null &&
          followers >= 1000 &&
          followers <= 5000
        );
      });
      expect(expected.length).toBeGreaterThan(1);
      // One page holds them all.
      expect(expected.length).toBeLessThanOrEqual(20);
      await page.goto('/fictions');
      const form = await filters(page);
      await form.getByLabel('Tags (all of them, separated by commas)').fill('LitRPG');
      await form.getByLabel('Followers from').fill('1000');
      await form.getByLabel('Followers to').fill('5000');
      await form.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page.getByText(`${expected.length} fictions`)).toBeVisible();
      await expect(page).toHaveURL(/tags=LitRPG&minFollowers=1000&maxFollowers=5000/);
      const shown = (await cardTitles(page).allTextContents()).sort();
      expect(shown).toEqual(expected.map((fiction) => fiction.title).sort());
      const before = await cardTitles(page).allTextContents();
      await page.reload();
      await expect(page.getByText(`${expected.length} fictions`)).toBeVisible();
      expect(await cardTitles(page).allTextContents()).toEqual(before);
    });

    test('the 7-day gain sort orders by gain, and Back keeps the page', async ({ page }) => {
      await page.goto('/fictions');
      const form = await filters(page);
      await form.getByLabel('Sort by').selectOption('gain7');
      await expect(page).toHaveURL(/sort=gain7/);
      const expected = sample
        .map((fiction) => ({ title: fiction.title, gain: gain7(fiction)?.gain }))
        .filter((row): row is { title: string; gain: number } => row.gain !== undefined)
        .sort((a, b) => b.gain - a.gain);
      await expect(cardTitles(page).first()).toHaveText(expected[0]?.title as string);
      const gains = await page
        .getByRole('region', { name: 'Results' })
        .getByText(/^7 days:/)
        .allTextContents();
      const numbers = gains.map((text) =>
        Number(/7 days: ([+\-–]?[\d,]+)/.exec(text)?.[1]?.replace(/[,+]/g, '')),
      );
      expect(numbers.length).toBe(20);
      expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
      expect(numbers[0]).toBe(expected[0]?.gain);

      await page.getByRole('link', { name: 'Next →' }).click();
      await expect(page).toHaveURL(/sort=gain7&page=2/);
      await expect(page.getByText(/^Page 2 of/)).toBeVisible();
      const firstOnPage2 = await cardTitles(page).first().textContent();
      await cardTitles(page).first().getByRole('link').click();
      await expect(page).toHaveURL(/\/fiction\//);
      await page.goBack();
      await expect(page).toHaveURL(/sort=gain7&page=2/);
      await expect(cardTitles(page).first()).toHaveText(firstOnPage2 as string);
    });

    test('a reader adds a result to their list from Browse', async ({ page, request }) => {
      await signInWithStorage(page, await createAccount(request, uniqueEmail(`browse-${label}`)));
      await page.goto('/fictions?q=nuclear+son');
      await expect(cardTitles(page).first()).toHaveText('Nuclear Son');
      await page.getByRole('button', { name: 'Add Nuclear Son to my list' }).click();
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Nuclear Son' }) });
      await expect(card.getByText('In your list')).toBeVisible();
      await page.reload();
      await expect(card.getByText('In your list')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add Nuclear Son to my list' })).toHaveCount(0);
    });

    test("Movers shows the sample's biggest 7-day gainer first", async ({ page }) => {
      const ranked = sample
        .map((fiction) => ({ fiction, gain: gain7(fiction) }))
        .filter((row) => row.gain !== null)
        .sort((a, b) => (b.gain?.gain ?? 0) - (a.gain?.gain ?? 0));
      const top = ranked[0];
      expect(top).toBeDefined();
      await page.goto('/fictions');
      await page.getByRole('link', { name: 'See the movers →' }).click();
      await expect(page.getByRole('heading', { name: 'Movers', level: 1 })).toBeVisible();
      await expect(page.getByText(/As of/)).toBeVisible();
      const first = page
        .getByRole('region', { name: 'Biggest gains over 7 days' })
        .getByRole('listitem')
        .first();
      await expect(first.getByRole('heading', { level: 2 })).toHaveText(top?.fiction.title as string);
      const figures = `+${top?.gain?.gain.toLocaleString('en-US')} followers`;
      await expect(first).toContainText(figures);
      await expect(first).toContainText(
        `${top?.gain?.from.toLocaleString('en-US')} → ${top?.gain?.to.toLocaleString('en-US')}`,
      );
      await expect(page.getByRole('heading', { name: 'New on Rising Stars' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Left Rising Stars' })).toBeVisible();
      await page.screenshot({
        path: path.join(ARTIFACTS, 'screenshots', `movers-${label}.png`),
        fullPage: true,
      });
    });
  });
}

test('Movers is linked from the landing page', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/');
  await page.getByRole('link', { name: /See this week's biggest movers/ }).click();
  await expect(page.getByRole('heading', { name: 'Movers', level: 1 })).toBeVisible();
});

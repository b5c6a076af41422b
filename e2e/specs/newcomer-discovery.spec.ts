import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, createAccount, PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { capture, VIEWPORTS } from '../support/screenshots.ts';

// A newcomer's Browse and Movers on the real July 2026 sample (this file runs with the sample's own gains,
// before any spec scrapes a fiction): a search that finds nothing leads to adding the fiction by its link,
// through sign-in and back; Movers states each gain once and says where a fiction entered or left.

// In the sample, so adding it reads nothing from Royal Road (and leaves the sample's latest snapshot alone).
const WORM_GIRL_LINK = 'https://www.royalroad.com/fiction/176641/worm-girl-evolution-litrpg-yuri';

async function signIn(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`a newcomer's Browse and Movers at ${label} width`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await acceptCookies(page);
    });

    test('the empty search shows the add-by-link path, through sign-in and back', async ({
      page,
      request,
    }) => {
      const email = uniqueEmail(`add-by-link-${label}`);
      await createAccount(request, email);
      await page.goto('/fictions?q=zzyzx+quolp');
      await expect(page.getByText('No fictions match. Try fewer words or filters.')).toBeVisible();
      const offer = page.getByRole('region', { name: 'Not here yet? Paste its Royal Road link to add it' });
      await expect(offer).toBeVisible();
      await capture(page, `${label}-browse-empty`);

      await offer.getByLabel('Royal Road link').fill(WORM_GIRL_LINK);
      await offer.getByRole('button', { name: 'Sign in to add it' }).click();
      await expect(page).toHaveURL(/\/login\?return_to=/);
      await signIn(page, email);

      // Back on the same search, the link still filled in.
      await expect(page).toHaveURL(/\/fictions\?q=zzyzx\+quolp&link=/);
      await expect(offer.getByLabel('Royal Road link')).toHaveValue(WORM_GIRL_LINK);
      await offer.getByRole('button', { name: 'Add to my list' }).click();
      await expect(offer.getByText(/^Added "Worm Girl Evolution/)).toBeVisible();
      await offer.getByRole('link', { name: 'Open its page' }).click();
      await expect(page).toHaveURL(/\/fiction\/176641/);
    });

    test('a link pasted into the search is offered for adding at once', async ({ page }) => {
      await page.goto(
        `/fictions?q=${encodeURIComponent('https://www.royalroad.com/fiction/99999999/not-here')}`,
      );
      const offer = page.getByRole('region', { name: 'Not here yet? Paste its Royal Road link to add it' });
      await expect(offer.getByLabel('Royal Road link')).toHaveValue(
        'https://www.royalroad.com/fiction/99999999/not-here',
      );
    });

    test('the tags filter suggests known tags for the tag being typed', async ({ page }) => {
      await page.goto('/fictions');
      await expect(page.getByRole('heading', { name: 'Browse fictions', level: 1 })).toBeVisible();
      const form = page.getByRole('form', { name: 'Filters' });
      if (!(await form.isVisible())) await page.getByText('Filters and sort').click();
      const tags = form.getByLabel('Tags (all of them, separated by commas)');
      await tags.fill('Fantasy, lit');
      const suggested = await tags.evaluate((input) =>
        [...((input as HTMLInputElement).list?.options ?? [])].map((option) => option.value),
      );
      expect(suggested).toContain('Fantasy, LitRPG');
      expect(suggested.every((value) => value.startsWith('Fantasy, '))).toBe(true);
      await tags.fill('Fantasy, LitRPG');
      await form.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/tags=Fantasy%2C\+?LitRPG/);
    });

    test('Movers shows each gain once, rounded alike, and where a fiction entered or left', async ({
      page,
    }) => {
      await page.goto('/movers');
      const gains = page.getByRole('region', { name: 'Biggest gains over 7 days' });
      // The ranked cards (their tags are list items too).
      const items = gains.locator('ol > li');
      await expect(items.first()).toBeVisible();
      const texts = await items.allTextContents();
      expect(texts.length).toBeGreaterThan(3);
      for (const text of texts) {
        // One gain, stated once: no second '7 days: +…' line beside it.
        expect(text.match(/[+–-][\d,]+ followers in 7 days/g), text).toHaveLength(1);
        expect(text, text).not.toMatch(/7 days: /);
        // Per day in whole followers (or 'under 1'), never with decimals.
        expect(text, text).toMatch(/\((about -?[\d,]+|under 1) a day\)/);
        expect(text, text).not.toMatch(/\d\.\d+ a day/);
      }
      const entered = page
        .getByRole('region', { name: 'New on Rising Stars' })
        .locator('ul > li:has(article)');
      const left = page.getByRole('region', { name: 'Left Rising Stars' }).locator('ul > li:has(article)');
      expect((await entered.count()) + (await left.count())).toBeGreaterThan(0);
      for (const text of await entered.allTextContents())
        expect(text).toMatch(/Entered the (main|[\w &'-]+) list at #\d+/);
      for (const text of await left.allTextContents())
        expect(text).toMatch(/Left the (main|[\w &'-]+) list at #\d+ \(its place in the previous capture\)/);
      await capture(page, `${label}-movers-gains-once`);
    });
  });
}

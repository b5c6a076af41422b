import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ARTIFACTS } from '../playwright.config.ts';
import { createAccount, signInWithStorage, uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { fictionUrl, newFakeFictions } from '../support/fake-royalroad.ts';

/** Where each page of the product is found: the bar's group (or the account menu) and the link's name. */
const REACHABLE = [
  { group: 'Rising Stars', link: 'Replay', url: /\/rising-stars-animation$/, heading: 'Rising Stars replay' },
  { group: 'Discover', link: 'Movers', url: /\/movers$/, heading: 'Movers' },
  { group: 'Discover', link: 'Compare', url: /\/compare$/, heading: /Compare/ },
  { group: 'account', link: 'Notifications', url: /\/notifications$/, heading: 'Notifications' },
  { group: 'account', link: 'Alert settings', url: /\/notifications\/settings$/, heading: 'Alert settings' },
  { group: 'account', link: 'Author desk', url: /\/desk$/, heading: 'Your desk' },
] as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', `${name}.png`) });

/** Nothing in the bar sticks out of it or is cut: every item is as wide as its text needs. */
async function expectNothingCut(page: Page) {
  const cut = await page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => {
    const overflowing = [nav, ...Array.from(nav.querySelectorAll('a, button, span'))].filter(
      (element) => element.getClientRects().length > 0 && element.scrollWidth > element.clientWidth + 1,
    );
    return overflowing.map((element) => element.textContent?.trim() || element.tagName);
  });
  expect(cut).toEqual([]);
}

test.describe('navigation', () => {
  // A long name: it must be shown whole, not 'Welcome, Ada A…'.
  const NAME = 'Ada Abernathy-Whitfield';

  for (const width of [1024, 1280]) {
    test(`the bar at ${width} px shows the groups, and every page is one menu away`, async ({
      page,
      request,
    }) => {
      const session = await createAccount(request, uniqueEmail('nav'), NAME);
      await signInWithStorage(page, session);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      const nav = page.getByRole('navigation', { name: 'Main' });

      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
      for (const name of ['Dashboard', 'Coffee', 'About']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(nav.getByRole('button', { name: 'Rising Stars' })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Discover' })).toBeVisible();
      const account = nav.getByRole('button', { name: /^Account menu/ });
      await expect(account).toHaveText(`Welcome, ${NAME}`);
      await expectNothingCut(page);
      // Left to right: Dashboard, the groups, then Coffee and About last.
      const items = [
        nav.getByRole('link', { name: 'Dashboard', exact: true }),
        nav.getByRole('button', { name: 'Rising Stars' }),
        nav.getByRole('button', { name: 'Discover' }),
        nav.getByRole('link', { name: 'Coffee', exact: true }),
        nav.getByRole('link', { name: 'About', exact: true }),
        account,
      ];
      const lefts = [];
      for (const item of items) lefts.push((await item.boundingBox())?.x ?? Number.NaN);
      expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
      await shot(page, `header-${width}`);

      for (const target of REACHABLE) {
        const button =
          target.group === 'account' ? account : nav.getByRole('button', { name: target.group, exact: true });
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        if (width === 1280) await shot(page, `desktop-menu-${target.group.replace(' ', '-').toLowerCase()}`);
        const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
        await panel.getByRole('link', { name: target.link, exact: true }).click();
        await expect(page).toHaveURL(target.url);
        await expect(page.getByRole('heading', { name: target.heading, level: 1 })).toBeVisible();
        await expect(button).toHaveAttribute('aria-expanded', 'false');
      }

      // By keyboard: open, walk in, Escape closes and the focus returns to the group's button.
      const discover = nav.getByRole('button', { name: 'Discover' });
      await discover.focus();
      await page.keyboard.press('Enter');
      await expect(nav.getByRole('link', { name: 'Browse' })).toBeVisible();
      await expectAccessible(page, `header with Discover open at ${width}`);
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: 'Browse' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: 'Browse' })).toBeHidden();
      await expect(discover).toBeFocused();
      await expect(discover).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('the phone menu at 390 px shows the same groups, and every page is in it', async ({
    page,
    request,
  }) => {
    const session = await createAccount(request, uniqueEmail('nav'), NAME);
    await signInWithStorage(page, session);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Discover' })).toBeHidden();

    const menu = page.locator('#mobile-menu');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByText(`Welcome, ${NAME}`)).toBeVisible();
    await expect(menu.getByRole('list', { name: 'Rising Stars' }).getByRole('link')).toHaveText([
      'Rising Stars Main',
      'Replay',
      'Position Calculator',
    ]);
    await expect(menu.getByRole('list', { name: 'Discover' }).getByRole('link')).toHaveText([
      'Browse',
      'Movers',
      'Compare',
      'Popular',
    ]);
    await expect(menu.getByRole('list', { name: 'Your account' }).getByRole('link')).toHaveText([
      'Notifications',
      'Alert settings',
      'Author desk',
    ]);
    await expect(menu.getByRole('link', { name: 'About' })).toBeVisible();
    await expectAccessible(page, 'phone menu');
    await page.screenshot({
      path: path.join(ARTIFACTS, 'screenshots', 'phone-menu-groups.png'),
      fullPage: true,
    });

    for (const target of REACHABLE) {
      if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: target.link, exact: true }).click();
      await expect(page).toHaveURL(target.url);
      await expect(page.getByRole('heading', { name: target.heading, level: 1 })).toBeVisible();
      await expect(menu).toHaveCount(0);
    }

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

const cards = (page: Page) => page.getByTestId('favorite-card');
const titles = (page: Page) => cards(page).locator('a.font-semibold').allTextContents();

/** A reader with three favorites, on the dashboard. */
async function readerWithFavorites(page: Page, request: Parameters<typeof createAccount>[0]) {
  const ids = await newFakeFictions(request, 3);
  const session = await createAccount(request, uniqueEmail('list'), 'Lee Lister');
  for (const id of ids) {
    const added = await request.post('/api/royalroad/add-fiction', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { url: fictionUrl(id) },
    });
    expect(added.status()).toBe(201);
  }
  await signInWithStorage(page, session);
  await page.goto('/dashboard');
  await expect(cards(page)).toHaveCount(3);
  return session;
}

for (const [label, viewport] of Object.entries({
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
})) {
  test.describe(`reading list at ${label} width`, () => {
    test.use({ viewport });

    test('unfavoriting asks nothing and offers Undo, which puts the favorite back in its place', async ({
      page,
      request,
    }) => {
      await readerWithFavorites(page, request);
      const before = await titles(page);
      const middle = before[1] as string;

      await cards(page)
        .nth(1)
        .getByRole('button', { name: `Unfavorite ${middle}` })
        .click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const toast = page.getByRole('status').filter({ hasText: `“${middle}” is no longer a favorite.` });
      await expect(toast).toBeVisible();
      await expect.poll(() => titles(page)).toEqual([before[0], before[2]]);
      await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', `${label}-unfavorite-undo.png`) });

      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(toast).toBeHidden();
      await expect.poll(() => titles(page)).toEqual(before);
      await page.reload();
      await expect.poll(() => titles(page)).toEqual(before);

      // The same in All Fictions, where the one favorite control stays where it was.
      await page.getByRole('button', { name: 'All Fictions' }).click();
      const row = page.getByTestId('fiction-row').filter({ hasText: middle });
      const toggle = row.getByRole('button', { name: 'Favorited' });
      const placed = await toggle.boundingBox();
      await toggle.click();
      await expect(row.getByRole('button', { name: 'Add to Favorites' })).toBeVisible();
      const moved = await page
        .getByTestId('fiction-row')
        .filter({ hasText: middle })
        .getByRole('button', { name: 'Add to Favorites' })
        .boundingBox();
      expect(moved?.x).toBe(placed?.x);
      expect(moved?.width).toBe(placed?.width);
      await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(3);
      await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', `${label}-all-fictions-undo.png`) });
      await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('button', { name: 'Favorites', exact: true }).click();
      await expect.poll(() => titles(page)).toEqual(before);
    });

    test('progress is saved as it is typed, saying Saved, with no Save button', async ({ page, request }) => {
      await readerWithFavorites(page, request);
      const card = cards(page).first();
      await card.getByLabel('Chapter', { exact: true }).fill('4');
      await expect(card.getByRole('status')).toHaveText('Saved');
      await expect(card.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
      await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', `${label}-progress-saved.png`) });
      await page.reload();
      await expect(cards(page).first().getByLabel('Chapter', { exact: true })).toHaveValue('4');
    });

    test("a fiction whose chapter count is unknown shows no 'of 1' (or 'of 0')", async ({
      page,
      request,
    }) => {
      // The count is missing for some fictions (Royal Road did not show it): the list answers null for it.
      await page.route('**/api/userFictions/favorites?*', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        for (const entry of body.data.userFictions) {
          entry.total_chapters = null;
          entry.fiction.chapter_count = null;
        }
        await route.fulfill({ response, json: body });
      });
      await readerWithFavorites(page, request);
      const card = cards(page).first();
      await expect(card.getByLabel('of', { exact: true })).toHaveValue('');
      await expect(card.getByLabel('of', { exact: true })).toHaveAttribute('placeholder', '?');
      await expect(card).not.toContainText('%');
    });
  });
}

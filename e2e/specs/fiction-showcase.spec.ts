import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, createAccount, signInWithStorage, uniqueEmail } from '../support/accounts.ts';
import { capture, VIEWPORTS } from '../support/screenshots.ts';

// Nuclear Son, from the real July 2026 sample: its description holds a '<' (stored escaped twice before) and
// it released a chapter almost every day while it was captured, so its Chapters table is full.
const ID = 176669;
const TITLE = 'Nuclear Son';

/** Every text node of the page that shows an entity as literal text ('&lt;' where '<' was meant). */
async function escapedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (/&(?:lt|gt|amp);/.test(text)) found.push(text.trim().slice(0, 120));
    }
    return found;
  });
}

/** Scrolls until the Chapters table (loaded with the analytics, once in view) is there. */
async function scrollToChapters(page: Page) {
  const chapters = page.getByRole('region', { name: 'Chapters', exact: true });
  await expect(async () => {
    await page
      .getByRole('heading', { name: 'Chapters', exact: true })
      .or(page.getByText('Loading growth...'))
      .or(page.getByText('Loading charts...'))
      .first()
      .evaluate((element) => element.scrollIntoView({ block: 'center' }), undefined, { timeout: 2_000 });
    await expect(chapters.getByRole('table')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return chapters;
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`the fiction page as a showcase at ${label} width`, () => {
    test.use({ viewport });

    test('descriptions read as written: no escaped entity shows on the fiction page, the dashboard or Browse', async ({
      page,
      request,
    }) => {
      await acceptCookies(page);
      await page.goto(`/fiction/${ID}`);
      const description = page.getByRole('region', { name: 'Description' });
      await expect(description).toContainText('< You have been');
      expect(await escapedText(page)).toEqual([]);
      // The sample holds only the lists' excerpt: the page says so and leads to the whole text.
      await expect(
        description.getByRole('link', { name: 'Read the whole description on Royal Road' }),
      ).toHaveAttribute('href', `https://www.royalroad.com/fiction/${ID}`);

      const reader = await createAccount(request, uniqueEmail(`showcase-${label}`));
      const added = await request.post('/api/royalroad/add-fiction', {
        headers: { authorization: `Bearer ${reader.token}` },
        data: { url: `https://www.royalroad.com/fiction/${ID}` },
      });
      expect(added.status()).toBe(201);
      await signInWithStorage(page, reader);
      await page.goto('/dashboard');
      await expect(page.getByTestId('favorite-card').filter({ hasText: TITLE })).toBeVisible();
      expect(await escapedText(page)).toEqual([]);

      await page.goto('/fictions?q=nuclear+son');
      await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
      expect(await escapedText(page)).toEqual([]);
    });

    test('summary, description and tags come first, one primary action, Open on Royal Road, nothing N/A', async ({
      page,
    }) => {
      await acceptCookies(page);
      await page.goto(`/fiction/${ID}`);
      await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open on Royal Road' })).toHaveAttribute(
        'href',
        `https://www.royalroad.com/fiction/${ID}`,
      );
      // One primary action; the others are one row of quieter links.
      await expect(page.getByRole('link', { name: 'Sign in to track this fiction' })).toBeVisible();
      const more = page.getByRole('list', { name: 'More for this fiction' });
      await expect(more.getByRole('link', { name: 'Compare' })).toBeVisible();
      await expect(more.getByRole('link', { name: 'Rising Stars Position Calculator' })).toBeVisible();

      // The description and the tags are above the statistics (on a phone, before any analytics).
      const top = async (name: string) =>
        (await page.getByRole('region', { name, exact: true }).boundingBox())?.y ?? Number.NaN;
      expect(await top('Description')).toBeLessThan(await top('Current Stats'));
      expect(await top('About this fiction')).toBeLessThan(await top('Current Stats'));
      if (label === 'desktop') {
        // The page uses the width: the statistics span well past two thirds of a 1280 px screen.
        const stats = await page.getByRole('region', { name: 'Current Stats' }).boundingBox();
        expect(stats?.width).toBeGreaterThan(1000);
      }

      // The sample has no scores: no 'Overall score N/A', no N/A anywhere in the page's sections.
      const stats = page.getByRole('region', { name: 'Current Stats' });
      await expect(stats).not.toContainText('Overall score');
      await expect(page.locator('main')).not.toContainText('N/A');
    });

    test('the Chapters table fits its box, its followers column in view; gaps in one unit', async ({
      page,
    }) => {
      await acceptCookies(page);
      await page.goto(`/fiction/${ID}`);
      const chapters = await scrollToChapters(page);
      const table = chapters.getByRole('table');
      const fit = await table.evaluate((element) => {
        const box = element.parentElement as HTMLElement;
        return { table: element.scrollWidth, box: box.clientWidth };
      });
      expect(fit.table).toBeLessThanOrEqual(fit.box);
      const followersHeader = chapters.getByRole('columnheader', { name: 'Followers' });
      await expect(followersHeader).toBeVisible();
      const sectionBox = await chapters.boundingBox();
      const followerCell = table.getByRole('row').nth(1).getByRole('cell').last();
      await expect(followerCell).toBeVisible();
      await expect(followerCell).toHaveText(/^(?:[+−]?[\d,]+|not enough data)$/);
      const cellBox = await followerCell.boundingBox();
      expect((cellBox?.x ?? 0) + (cellBox?.width ?? 0)).toBeLessThanOrEqual(
        (sectionBox?.x ?? 0) + (sectionBox?.width ?? 0),
      );
      // No cell's text runs over into the next one (a release time over its gap, say).
      const overflowing = await table.evaluate((element) =>
        Array.from(element.querySelectorAll('tbody tr:nth-child(-n+5) td'))
          .filter((cell) => !(cell as HTMLElement).title && cell.scrollWidth > cell.clientWidth)
          .map((cell) => cell.textContent),
      );
      expect(overflowing).toEqual([]);
      await expect(chapters.getByRole('columnheader', { name: 'Gap (days)' })).toBeVisible();
      await expect(table).not.toContainText(/\d h\b/);

      // 'How it compares' says once why it does not compare, rather than a cell per figure.
      const peers = page.getByRole('region', { name: 'How it compares' });
      await peers.scrollIntoViewIfNeeded();
      expect((await peers.textContent())?.match(/fewer than/g)?.length ?? 0).toBeLessThanOrEqual(1);
      await capture(page, `${label}-fiction-chapters`);
    });
  });
}

import { expect, type Page, test } from '@playwright/test';
import { acceptCookies } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { capture, VIEWPORTS } from '../support/screenshots.ts';

// Fictions of the real July 2026 sample, which carries their chapters' release times: "The Bound Before"
// released 17 chapters while it was captured.
const BOUND = 170001;
const COMPARED = [170001, 173952, 177597];

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
  test.describe(`author analytics at ${label} width`, () => {
    test.use({ viewport });

    test('growth per day, release markers with their titles, chapters and cadence', async ({
      page,
      request,
    }) => {
      const analytics = (await (await request.get(`/api/fictions/${BOUND}/analytics`)).json()).data as {
        chapters: Array<{ title: string }>;
        cadence: { days_with_release: number; days_without_release: number };
      };
      await acceptCookies(page);
      await page.goto(`/fiction/${BOUND}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('The Bound Before');
      await scrollToGrowth(page);

      const gains = page.getByRole('region', { name: 'Gained per day' });
      await expect(gains.locator('.recharts-line-curve')).toHaveCount(4);
      await expect(page.getByTestId('cadence')).toContainText(
        `on ${analytics.cadence.days_with_release} day${analytics.cadence.days_with_release === 1 ? '' : 's'} with a release`,
      );

      // Markers: on by default (fewer than 200), one per chapter released within the chart's span.
      const toggle = gains.getByRole('button', { name: /Chapter releases/ });
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      const markers = gains.locator('.release-marker');
      await expect(markers.first()).toBeAttached();
      const count = await markers.count();
      expect(count).toBeGreaterThan(5);
      // A chapter's title shows when its marker is pointed at (hover, or tap on a phone).
      const marker = markers.nth(Math.floor(count / 2));
      const title = (await marker.getAttribute('data-title')) as string;
      expect(analytics.chapters.map((chapter) => chapter.title)).toContain(title);
      await marker.locator('rect').dispatchEvent('click');
      await expect(gains.locator('[aria-live="polite"]')).toContainText(title);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await expect(markers).toHaveCount(0);

      // The history charts carry the markers too.
      const engagement = page.getByRole('region', { name: 'Engagement and growth' });
      await expect(engagement.locator('.release-marker').first()).toBeAttached();

      const chapters = page.getByRole('region', { name: 'Chapters', exact: true });
      await expect(chapters.getByRole('row')).toHaveCount(21);
      await chapters.getByRole('button', { name: `Show all ${analytics.chapters.length} chapters` }).click();
      await expect(chapters.getByRole('row')).toHaveCount(analytics.chapters.length + 1);
      await expect(chapters.getByText('not enough data').first()).toBeVisible();

      // Another range asks again, and counts back from the newest snapshot.
      await page
        .getByRole('group', { name: 'Date range of the growth figures' })
        .getByRole('button', { name: '7 days' })
        .click();
      await expect(page.getByRole('button', { name: /Show all/ })).toHaveCount(0);
      await capture(page, `${label}-analytics-growth`);
    });

    test('the peers panel and the Rising Stars entrants', async ({ page, request }) => {
      const { peers } = (await (await request.get(`/api/fictions/${BOUND}/analytics`)).json()).data as {
        peers: {
          length_cohort: { size: number } | null;
          percentiles: { followers: { length: number | null } };
        };
      };
      await acceptCookies(page);
      await page.goto(`/fiction/${BOUND}`);
      await scrollToGrowth(page);
      const panel = page.getByRole('region', { name: 'How it compares' });
      await panel.scrollIntoViewIfNeeded();
      const size = peers.length_cohort?.size ?? 0;
      // With fewer than 20 peers one sentence says so; otherwise a column of percentiles.
      if (size < 20) await expect(panel).toContainText('fewer than the 20 it takes to compare');
      else {
        await expect(panel.getByRole('columnheader', { name: `Similar length (${size})` })).toBeVisible();
        const followers = panel.getByRole('row', { name: /^Followers/ });
        await expect(followers).toContainText(`${peers.percentiles.followers.length}`);
      }
      const entrants = page.getByRole('region', { name: 'Entering Rising Stars' });
      await expect(entrants).toContainText('middle half');
      await expectAccessible(page, 'fiction page with analytics');
    });

    test('the Position Calculator tells how fictions stood when they entered the main list', async ({
      page,
      request,
    }) => {
      const { rising_stars_context: context } = (
        await (await request.get(`/api/fictions/${BOUND}/analytics`)).json()
      ).data as { rising_stars_context: { overall: { fictions: number } } };
      expect(context.overall.fictions).toBeGreaterThan(0);
      await acceptCookies(page);
      await page.goto(`/rising-stars-position/${BOUND}`);
      const entrants = page.getByRole('region', { name: 'Entering Rising Stars' });
      await expect(entrants.getByRole('row', { name: /^All/ })).toContainText(
        `${context.overall.fictions} fictions`,
      );
      await expect(entrants.getByRole('row', { name: /^Fantasy/ })).toBeVisible();
      await capture(page, `${label}-analytics-position`);
    });

    test('a comparison of three fictions, restored from its address', async ({ page }) => {
      await acceptCookies(page);
      await page.goto(`/compare?ids=${COMPARED.join(',')}`);
      await expect(page.getByRole('heading', { name: 'Compare fictions', level: 1 })).toBeVisible();
      const followers = page.getByRole('region', { name: 'Followers', exact: true });
      await expect(followers.locator('.recharts-line-curve')).toHaveCount(3);
      const legend = followers.getByRole('list', { name: 'Followers legend' }).getByRole('button');
      await expect(legend).toHaveCount(3);
      await expect(legend.first()).toContainText('The Bound Before');
      const milestones = page.getByRole('region', { name: 'Days after the first chapter' });
      await expect(milestones.getByRole('table').first().getByRole('row')).toHaveCount(4);

      await page.getByRole('button', { name: 'Calendar dates' }).click();
      await expect(page).toHaveURL(/align=calendar/);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Calendar dates' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(
        page.getByRole('region', { name: 'Followers', exact: true }).locator('.recharts-line-curve'),
      ).toHaveCount(3);
      await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(3);
      await capture(page, `${label}-analytics-compare`);
      await expectAccessible(page, '/compare');

      await page.getByRole('button', { name: /^Remove The Bound Before/ }).click();
      await expect(page).toHaveURL(new RegExp(`ids=${COMPARED.slice(1).join(',')}&align=calendar$`));
      await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(2);
    });
  });
}

test('the fiction page leads to a comparison, which takes more fictions by link', async ({ page }) => {
  await acceptCookies(page);
  await page.goto(`/fiction/${BOUND}`);
  await page.getByRole('link', { name: 'Compare', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${BOUND}$`));
  await page
    .getByLabel('Royal Road fiction link or id')
    .fill(`https://www.royalroad.com/fiction/${COMPARED[1]}/x`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`ids=${BOUND},${COMPARED[1]}$`));
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await page.getByLabel('Royal Road fiction link or id').fill('not a fiction');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Enter a Royal Road fiction link or id.')).toBeVisible();
});

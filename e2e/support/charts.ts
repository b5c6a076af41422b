import { expect, type Page } from '@playwright/test';

/** Scrolls to the fiction page's charts, which load once they come into view. */
export async function scrollToCharts(page: Page) {
  // The placeholder may be replaced by the charts while it is being scrolled to: then try again.
  await expect(async () => {
    await page
      .getByRole('heading', { name: 'Current Charts' })
      .or(page.getByText('Loading charts...'))
      .first()
      .evaluate((element) => element.scrollIntoView({ block: 'center' }), undefined, { timeout: 2_000 });
    // A scroll made while the page was still settling may not have moved it: then scroll again.
    await expect(page.getByRole('heading', { name: 'Current Charts' })).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ARTIFACTS } from '../playwright.config.ts';

/** The two widths every page is looked at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** A full-page screenshot in the artifacts; nothing may stick out sideways on any width. */
export async function capture(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(ARTIFACTS, 'screenshots', `${name}.png`), fullPage: true });
}

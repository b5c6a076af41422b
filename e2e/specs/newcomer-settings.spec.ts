import { expect, test } from '@playwright/test';
import { FAKE_ROYALROAD_URL } from '../playwright.config.ts';
import { createAccount, signInWithStorage } from '../support/accounts.ts';
import { capture, VIEWPORTS } from '../support/screenshots.ts';

// A newcomer's refresh that Royal Road fails, and their alert settings: what they watch, Copy buttons, the
// signature explained, the time zone picked from a list.

// Sample fictions last read in July 2026, so older than 6 hours: each width refreshes its own.
const REFRESHED = { desktop: 172213, phone: 172278 } as const;
const WORM_GIRL = 176641;

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`a newcomer's settings at ${label} width`, () => {
    test.use({ viewport, timezoneId: 'Europe/Paris' });

    test('a failed refresh leaves the count unchanged', async ({ page, request }) => {
      const id = REFRESHED[label as keyof typeof REFRESHED];
      const session = await createAccount(request);
      await signInWithStorage(page, session);
      // Royal Road answers this fiction's page with errors.
      const rule = await request.post(`${FAKE_ROYALROAD_URL}/__fake/rules`, {
        data: { path: `/fiction/${id}`, status: 500 },
      });
      expect(rule.ok()).toBe(true);
      await page.goto(`/fiction/${id}`);
      const box = page.getByRole('region', { name: 'Refresh from Royal Road' });
      await expect(box).toContainText('10 of 10 refreshes left today.');
      await box.getByRole('button', { name: 'Refresh now' }).click();
      await expect(box.getByRole('alert')).toContainText('The refresh failed:', { timeout: 45_000 });
      await expect(box.getByRole('alert')).toContainText(
        'It was not counted against your refreshes for today: try again later.',
      );
      await expect(box).toContainText('10 of 10 refreshes left today.');
      await capture(page, `${label}-refresh-failed`);
      const status = await request.get(`/api/fictions/${id}/refresh`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect((await status.json()).data).toMatchObject({
        refreshes: { used: 0, limit: 10 },
        job: { status: 'failed' },
      });
      await page.reload();
      await expect(box).toContainText('10 of 10 refreshes left today.');
      await expect(box.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
    });

    test('alert settings show the watched list and Copy buttons', async ({ page, request, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const session = await createAccount(request);
      const added = await request.post('/api/royalroad/add-fiction', {
        headers: { authorization: `Bearer ${session.token}` },
        data: { url: `https://www.royalroad.com/fiction/${WORM_GIRL}` },
      });
      expect(added.status()).toBe(201);
      await signInWithStorage(page, session);
      await page.goto('/notifications/settings');

      const watched = page.getByRole('listitem', { name: /^Worm Girl Evolution/ });
      await expect(watched).toBeVisible();
      await expect(watched.getByRole('checkbox', { name: 'New chapter' })).toBeChecked();
      await expect(watched.getByRole('checkbox', { name: 'In the app' })).toBeChecked();
      const milestone = watched.getByRole('checkbox', { name: 'Follower milestone' });
      await expect(milestone).not.toBeChecked();
      await milestone.check();
      await expect(watched.getByRole('status')).toHaveText('Saved');
      await page.reload();
      await expect(milestone).toBeChecked();
      await expect(watched).toContainText('Your choice');

      // The feed address, copied.
      await page.getByRole('button', { name: 'Copy the feed address' }).click();
      await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
      const feed = await page.evaluate(() => navigator.clipboard.readText());
      expect(feed).toMatch(/\/feeds\/me\/[\w-]+\.atom$/);
      await expect(page.getByText(feed, { exact: true })).toBeVisible();

      // The signature explained here, with an example; no pointer to the README.
      const webhooks = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Webhooks' }) });
      await expect(webhooks).toContainText('RRC-Signature: t=<unix seconds>,v1=<HMAC>');
      await expect(webhooks).toContainText(
        'v1=0bd1eb6b1ae7bfafdf26b093f0890f6038b1460cbc6543d0219c450e8f198bc5',
      );
      await expect(page.getByText(/README/)).toHaveCount(0);

      // A new webhook's secret, copied.
      await page.getByLabel('Webhook address').fill('http://127.0.0.1:9/hook');
      await page.getByLabel('Kind').selectOption('json');
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await page.getByRole('button', { name: 'Copy the webhook secret' }).click();
      const secret = await page.evaluate(() => navigator.clipboard.readText());
      expect(secret).toMatch(/^whsec_/);
      await expect(page.locator('code').filter({ hasText: secret })).toBeVisible();

      // The time zone: the browser's own by default, picked from the zones the browser knows.
      const zone = page.getByRole('combobox', { name: 'Time zone' });
      await expect(zone).toHaveValue('Europe/Paris');
      const zones = await zone.evaluate((input) => (input as HTMLInputElement).list?.options.length ?? 0);
      expect(zones).toBeGreaterThan(300);
      await capture(page, `${label}-alert-settings-watched`);
    });
  });
}

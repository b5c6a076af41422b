import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import type { CaughtMessage } from '@rrc/fakes/mail';
import { ARTIFACTS, FAKE_ROYALROAD_URL } from '../playwright.config.ts';
import { createAccount, signInWithStorage } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { FAKE_MAIL_URL } from '../support/fake-mail.ts';
import { knownFakeFiction } from '../support/fake-royalroad.ts';

// Alerts in the browser: a reader watches a fiction and picks its events, sees the bell count, marks read,
// adds a webhook and sends it a test, and stops alert emails from an email's link. At both widths.

const WIDTHS = [
  { name: 'wide', width: 1280, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

async function alertMail(request: APIRequestContext, address: string): Promise<CaughtMessage> {
  let found: CaughtMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${FAKE_MAIL_URL}/messages?${new URLSearchParams({ to: address })}`,
        );
        const { messages } = (await response.json()) as { messages: CaughtMessage[] };
        found = messages.find((message) => message.subject.includes('followers'));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as CaughtMessage;
}

/** Raises the fiction's followers past the next milestone on the fake Royal Road, and has the admin scrape it. */
async function passMilestone(request: APIRequestContext, royalroadId: number) {
  const admin = await createAccount(request, 'admin@example.com', 'Site Admin');
  const headers = { authorization: `Bearer ${admin.token}` };
  const set = await request.post(`${FAKE_ROYALROAD_URL}/__fake/site/stats`, {
    data: { id: royalroadId, followers: 100_001 },
  });
  expect(set.ok()).toBe(true);
  const started = await request.post(`/api/admin/manual-scrape/${royalroadId}`, { headers });
  expect(started.status()).toBe(202);
  const jobId = (await started.json()).data.jobId as number;
  await expect
    .poll(
      async () => (await (await request.get(`/api/admin/jobs/${jobId}`, { headers })).json()).data.status,
      {
        timeout: 15_000,
      },
    )
    .toBe('succeeded');
}

for (const size of WIDTHS) {
  test.describe(`alerts (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // Accounts, a scrape and mail delivery (the worker sends every few seconds) take longer than a page.
    test.setTimeout(150_000);

    test('a reader watches a fiction, sees the bell count, marks it read and unsubscribes from the email', async ({
      page,
      request,
      browser,
    }) => {
      const royalroadId = await knownFakeFiction(request);
      const reader = await createAccount(request);
      await signInWithStorage(page, reader);
      await page.goto(`/fiction/${royalroadId}`);
      await page.getByRole('button', { name: 'Get alerts' }).click();
      const dialog = page.getByRole('dialog', { name: 'Alerts for this fiction' });
      await dialog.getByLabel('Follower milestone').check();
      await dialog.getByLabel('Email').check();
      await expectAccessible(page, 'alerts dialog');
      await dialog.screenshot({ path: `${ARTIFACTS}/alerts-dialog-${size.name}.png` });
      await dialog.getByRole('button', { name: 'Save alerts' }).click();
      await expect(page.getByRole('button', { name: 'Alerts on' })).toBeVisible();

      await passMilestone(request, royalroadId);
      await expect
        .poll(
          async () =>
            (
              await (
                await request.get('/api/notifications?unread=true&limit=1', {
                  headers: { authorization: `Bearer ${reader.token}` },
                })
              ).json()
            ).data.unread,
          { timeout: 15_000 },
        )
        .toBe(1);
      await page.reload();
      const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
      await expect(bell).toBeVisible();
      await bell.click();
      await expect(page).toHaveURL(/\/notifications$/);
      const item = page.getByRole('listitem').filter({ hasText: 'passed 100,000 followers' });
      await expect(item).toBeVisible();
      await expect(item.getByRole('link').first()).toHaveAttribute('href', `/fiction/${royalroadId}`);
      await page.screenshot({ path: `${ARTIFACTS}/alerts-notifications-${size.name}.png`, fullPage: true });
      await expectAccessible(page, '/notifications');
      await item.getByRole('button', { name: 'Mark as read' }).click();
      await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
      await expect(item.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

      const mail = await alertMail(request, reader.user.email);
      expect(
        (mail as CaughtMessage & { headers: Record<string, string> }).headers['list-unsubscribe'],
      ).toContain('/api/unsubscribe?token=');
      const link = mail.links.find((each) => new URL(each).pathname === '/unsubscribe');
      if (!link) throw new Error(`no unsubscribe link in: ${mail.text}`);
      // Opened where the reader reads mail: a browser without their session.
      const elsewhere = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const signedOut = await elsewhere.newPage();
      await signedOut.goto(link);
      await expect(
        signedOut.getByText(`Stop every alert email and the daily digest sent to ${reader.user.email}?`),
      ).toBeVisible();
      await signedOut.screenshot({ path: `${ARTIFACTS}/alerts-unsubscribe-${size.name}.png` });
      await expectAccessible(signedOut, '/unsubscribe');
      await signedOut.getByRole('button', { name: 'Stop alert emails' }).click();
      await expect(signedOut.getByText(`${reader.user.email} gets no more alert emails.`)).toBeVisible();
      await elsewhere.close();
      const settings = await request.get('/api/notification-settings', {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect((await settings.json()).data.email_enabled).toBe(false);
    });

    test('a reader adds a webhook and sends it a test, signed', async ({ page, request }) => {
      const calls: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
      const receiver = createServer((incoming, answer) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          calls.push({ headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') });
          answer.end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      try {
        const reader = await createAccount(request);
        await signInWithStorage(page, reader);
        await page.goto('/notifications/settings');
        await page.getByLabel('Webhook address').fill(url);
        await page.getByLabel('Kind').selectOption('json');
        await page.getByRole('button', { name: 'Add webhook' }).click();
        const secret = (await page.locator('code').filter({ hasText: 'whsec_' }).textContent()) ?? '';
        expect(secret).toMatch(/^whsec_/);
        await page.getByRole('button', { name: 'Send test' }).click();
        await expect(page.getByText('Test sent: it arrives within seconds.')).toBeVisible();
        await page.screenshot({ path: `${ARTIFACTS}/alerts-settings-${size.name}.png`, fullPage: true });
        await expectAccessible(page, '/notifications/settings');
        await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(1);
        const [call] = calls;
        const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(call?.headers['rrc-signature']));
        expect(signature).not.toBeNull();
        const expected = createHmac('sha256', secret).update(`${signature?.[1]}.${call?.body}`).digest('hex');
        expect(signature?.[2]).toBe(expected);
        expect(String(call?.headers['rrc-event-id'])).toMatch(/^test_\d+$/);
        expect(JSON.parse(call?.body ?? '{}')).toMatchObject({ type: 'test' });
      } finally {
        await new Promise((resolve) => receiver.close(resolve));
      }
    });
  });
}

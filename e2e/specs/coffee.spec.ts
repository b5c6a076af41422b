import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { acceptCookies, createAccount, signInWithStorage } from '../support/accounts.ts';
import { knownFakeFiction } from '../support/fake-royalroad.ts';
import {
  fakeStripeEvents,
  fakeStripeObject,
  fillCard,
  renewFakeSubscription,
  TEST_CARDS,
  useStripeStandIn,
} from '../support/fake-stripe.ts';

/**
 * Waits until our server has heard from Stripe (by webhook) that the payment went through, asking as the
 * browser that paid: with the payment's client secret.
 */
async function expectRecorded(
  page: Page,
  payment: { paymentIntentId: string; clientSecret: string },
  tier: string,
  amount: number,
) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/api/stripe/payment-status?paymentIntentId=${payment.paymentIntentId}&client_secret=${payment.clientSecret}`,
        );
        return (await response.json()).data;
      },
      { timeout: 10_000 },
    )
    .toEqual({ status: 'succeeded', amount, tier });
}

test.describe('Coffee donations', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
    await useStripeStandIn(page);
  });

  for (const [label, tier, price] of [
    ['Basic Coffee', 'basic', 5],
    ['Fancy Coffee', 'fancy', 10],
    ['Monthly Coffee Pods', 'monthly', 50],
  ] as const) {
    test(`pays for a ${label} with a test card`, async ({ page }) => {
      await page.goto('/coffee');
      await expect(page.getByRole('radio', { name: /Basic Coffee/ })).toBeChecked();
      await page.getByText(label, { exact: true }).click();
      await expect(page.getByRole('radio', { name: new RegExp(label) })).toBeChecked();
      await page.getByRole('button', { name: /^Donate \$/ }).click();

      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await fillCard(dialog);
      const created = page.waitForResponse('**/api/stripe/create-coffee-payment');
      await dialog.getByRole('button', { name: `Pay $${price}` }).click();
      const { data } = await (await created).json();

      await expect(page.getByRole('heading', { name: 'Thank you for the coffee!' })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('radio', { name: /Basic Coffee/ })).toHaveCount(0);
      if (tier === 'monthly') {
        // Paid without an account: told how to stop it.
        await expect(
          page.getByText(/^It renews every month\. To stop it, write to coffee@example\.com/),
        ).toBeVisible();
      }
      await expectRecorded(page, data, tier, price);
    });
  }

  test('a declined card shows the provider message in the form and keeps the modal open', async ({
    page,
  }) => {
    await page.goto('/coffee');
    await page.getByRole('button', { name: 'Donate $5' }).click();
    const dialog = page.getByRole('dialog');
    await fillCard(dialog, { number: TEST_CARDS.declined });
    await dialog.getByRole('button', { name: 'Pay $5' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Pay $5' })).toBeEnabled();

    // Another card in the same modal goes through.
    await fillCard(dialog, { number: TEST_CARDS.visa });
    await dialog.getByRole('button', { name: 'Pay $5' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for the coffee!' })).toBeVisible();
  });

  test('Escape, the backdrop, the close button and Cancel close the modal and scrolling comes back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/coffee');
    const donate = page.getByRole('button', { name: 'Donate $5' });
    const dialog = page.getByRole('dialog');
    const overflow = () => page.evaluate(() => document.body.style.overflow);

    const ways: Array<[string, () => Promise<void>]> = [
      ['Escape', () => page.keyboard.press('Escape')],
      [
        'Escape inside the card field',
        async () => {
          await dialog.getByLabel('Card number').focus();
          await page.keyboard.press('Escape');
        },
      ],
      ['backdrop', () => page.getByTestId('modal-backdrop').click({ position: { x: 10, y: 10 } })],
      ['close button', () => dialog.getByRole('button', { name: 'Close' }).click()],
      ['Cancel', () => dialog.getByRole('button', { name: 'Cancel' }).click()],
    ];
    for (const [, close] of ways) {
      await donate.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Card number')).toBeVisible();
      expect(await overflow()).toBe('hidden');
      await close();
      await expect(dialog).toBeHidden();
      expect(await overflow()).toBe('');
      await expect(donate).toBeFocused();
    }
    // The page scrolls again.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

/** What the page shows for a date: the browser's own long form, in its language and time zone. */
function shownDay(page: Page, unixSeconds: number): Promise<string> {
  return page.evaluate(
    (ms) => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'long' }),
    unixSeconds * 1000,
  );
}

test.describe('Monthly Coffee Pods', () => {
  /** A signed-in reader pays Monthly Coffee Pods on /coffee; answers their subscription id and period end. */
  async function startMonthly(page: Page, request: APIRequestContext) {
    const session = await createAccount(request);
    await signInWithStorage(page, session);
    await useStripeStandIn(page);
    await page.goto('/coffee');
    await page.getByText('Monthly Coffee Pods', { exact: true }).click();
    await expect(page.getByText('Renews every month; cancel it on this page at any time.')).toBeVisible();
    await page.getByRole('button', { name: 'Donate $50/month' }).click();
    const dialog = page.getByRole('dialog');
    await fillCard(dialog);
    await dialog.getByRole('button', { name: 'Pay $50' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for the coffee!' })).toBeVisible();
    await expect(
      page.getByText('It renews every month; you can cancel it on this page at any time.'),
    ).toBeVisible();

    const listed = await request.get('/api/stripe/subscriptions', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const [mine] = (await listed.json()).data as Array<{ id: string }>;
    if (!mine) throw new Error('the new monthly coffee is not listed');
    const subscription = await fakeStripeObject<{ items: { data: Array<{ current_period_end: number }> } }>(
      mine.id,
    );
    return { id: mine.id, periodEnd: subscription.items.data[0]?.current_period_end ?? 0 };
  }

  test('a donor cancels their monthly coffee, sees when it ends, and then sees it ended', async ({
    page,
    request,
  }) => {
    const { id, periodEnd } = await startMonthly(page, request);
    const until = await shownDay(page, periodEnd);
    const card = page.getByRole('article', { name: 'Monthly Coffee Pods, $50/month' });
    await expect(page.getByRole('heading', { name: 'Your monthly coffee' })).toBeVisible();
    await expect(card).toContainText(`Renews on ${until}.`);

    await card.getByRole('button', { name: 'Cancel monthly coffee' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel monthly coffee?' });
    await expect(confirm).toContainText(`on ${until}. You will not be charged again`);
    await confirm.getByRole('button', { name: 'Cancel monthly coffee' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toContainText(`Ends on ${until}. Nothing more will be charged.`);
    await expect(card.getByRole('button', { name: 'Keep my monthly coffee' })).toBeVisible();
    expect(await fakeStripeObject(id)).toMatchObject({ status: 'active', cancel_at_period_end: true });

    // The record is the server's, not the page's.
    await page.reload();
    await expect(card).toContainText(`Ends on ${until}.`);

    // The month ends: Stripe ends the subscription and tells the app by webhook.
    await renewFakeSubscription(id);
    await expect
      .poll(async () => {
        const events = await fakeStripeEvents('customer.subscription.deleted');
        const ours = events.find((event) => event.data.object.id === id);
        return ours?.deliveries.map((delivery) => delivery.status);
      })
      .toEqual([200]);
    await page.reload();
    await expect(
      page.getByText(
        `Your Monthly Coffee Pods ($50/month) ended on ${until}. Thank you for every month of coffee!`,
      ),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Donate $5' })).toBeEnabled();
  });

  test("a donor changes the card on Stripe's page and comes back to the coffee page", async ({
    page,
    request,
  }) => {
    await startMonthly(page, request);
    const card = page.getByRole('article', { name: 'Monthly Coffee Pods, $50/month' });
    await card.getByRole('button', { name: 'Update card' }).click();
    await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
    await page.getByLabel('New card').selectOption({ label: 'Mastercard ending in 4444' });
    await page.getByRole('button', { name: 'Update card' }).click();
    await expect(page).toHaveURL(/\/coffee$/);
    await expect(page.getByText('Your card is updated: the next months are paid with it.')).toBeVisible();
    await expect(card).toContainText('Renews on');
  });
});

test.describe('Sponsorship', () => {
  test('a reader sponsors a fiction: badge on its page and the fiction in their list', async ({
    page,
    request,
  }) => {
    const royalroadId = await knownFakeFiction(request);
    const session = await createAccount(request);
    await signInWithStorage(page, session);
    await useStripeStandIn(page);

    await page.goto(`/fiction/${royalroadId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Sponsored');
    await page.getByRole('link', { name: 'Sponsor this fiction' }).click();
    await expect(page).toHaveURL(new RegExp(`/sponsor/${royalroadId}$`));
    await expect(page.getByRole('heading', { name: 'What a sponsorship gives' })).toBeVisible();

    await page.getByRole('button', { name: 'Sponsor for $20' }).click();
    const dialog = page.getByRole('dialog');
    await fillCard(dialog);
    await dialog.getByRole('button', { name: 'Pay $20' }).click();
    await expect(page.getByText(/Thank you for sponsoring/)).toBeVisible();
    await expect(page.getByText('It is now sponsored and in your list.')).toBeVisible({ timeout: 15_000 });

    await page.getByRole('link', { name: 'Back to the fiction' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sponsored');
    await expect(page.getByRole('link', { name: 'Sponsor this fiction' })).toHaveCount(0);

    const favorites = await request.get('/api/userFictions/favorites', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const entries = (await favorites.json()).data.userFictions as Array<{
      fiction: { royalroad_id: number };
    }>;
    expect(entries.map((entry) => entry.fiction.royalroad_id)).toContain(royalroadId);
  });

  test('a visitor is asked to sign in first', async ({ page, request }) => {
    const royalroadId = await knownFakeFiction(request);
    await acceptCookies(page);
    await page.goto(`/sponsor/${royalroadId}`);
    await expect(page.getByRole('link', { name: 'Sign in to sponsor' })).toBeVisible();
  });
});

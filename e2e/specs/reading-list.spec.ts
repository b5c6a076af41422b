import { expect, type Locator, type Page, test } from '@playwright/test';
import { createAccount, signInWithStorage } from '../support/accounts.ts';
import { fictionUrl, newFakeFictions } from '../support/fake-royalroad.ts';

const cards = (page: Page) => page.getByTestId('favorite-card');

async function titlesInOrder(page: Page): Promise<string[]> {
  return cards(page).locator('a.font-semibold').allTextContents();
}

async function addByUrl(page: Page, url: string) {
  const field = page.getByLabel('Royal Road Fiction URL');
  await field.fill(url);
  await page.getByRole('button', { name: 'Add Fiction', exact: true }).click();
}

/** Drags one card's handle onto another card with the mouse. */
async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  const handle = from.getByTitle('Drag to reorder');
  const start = await handle.boundingBox();
  const target = await to.boundingBox();
  if (!start || !target) throw new Error('cards are not visible');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + 20, { steps: 5 });
  await page.mouse.move(start.x + start.width / 2, target.y + 10, { steps: 15 });
  await page.mouse.up();
}

test.describe('reading list', () => {
  // Tall enough that every card being dragged stays in view.
  test.use({ viewport: { width: 1280, height: 1800 } });
  test('add by URL, reorder by mouse and keyboard, roll back a failed save, remove', async ({
    page,
    request,
  }) => {
    // A reader's whole session with the list (three adds, two reloads, three drags): more than one page's time.
    test.slow();
    const [second, third] = await newFakeFictions(request, 2);
    const session = await createAccount(request);
    await signInWithStorage(page, session);
    await page.goto('/dashboard');

    // Add three fictions by their Royal Road links.
    await page.getByRole('button', { name: 'Add Fiction', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Hide Add Fiction' })).toBeVisible();
    const add = page.getByRole('button', { name: 'Add Fiction', exact: true });
    await expect(add).toBeDisabled();
    await addByUrl(page, 'https://www.royalroad.com/fiction/192682/reborn-as-a-demonic-rock');
    await expect(
      page.getByText(
        'Successfully added "Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]"!',
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Royal Road Fiction URL')).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Your Favorites (1)' })).toBeVisible();
    await addByUrl(page, fictionUrl(second as number));
    await expect(page.getByRole('heading', { name: 'Your Favorites (2)' })).toBeVisible();
    await addByUrl(page, fictionUrl(third as number));
    await expect(page.getByRole('heading', { name: 'Your Favorites (3)' })).toBeVisible();

    const first = await titlesInOrder(page);
    expect(first[0]).toContain('Reborn as a Demonic Rock');
    await expect(cards(page).first()).toContainText('by Roobit');
    await expect(cards(page).first()).toContainText('3,303');

    // Mouse: the third card to the top.
    await dragWithMouse(page, cards(page).nth(2), cards(page).nth(0));
    await expect.poll(() => titlesInOrder(page)).toEqual([first[2], first[0], first[1]]);
    await expect(page.getByText('Saving order...')).toBeHidden();
    await page.reload();
    await expect.poll(() => titlesInOrder(page)).toEqual([first[2], first[0], first[1]]);

    // Keyboard: pick up the top card, move it down past the next one in 25 px steps, drop it.
    const handle = cards(page).first().getByTitle('Drag to reorder');
    await handle.focus();
    await page.keyboard.press('Space');
    const height = (await cards(page).first().boundingBox())?.height ?? 200;
    for (let i = 0; i < Math.ceil(height / 25) + 1; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => titlesInOrder(page)).toEqual([first[0], first[2], first[1]]);
    await expect(page.getByText('Saving order...')).toBeHidden();
    await page.reload();
    await expect.poll(() => titlesInOrder(page)).toEqual([first[0], first[2], first[1]]);

    // A failed save puts the old order back and says so.
    await page.route('**/api/userFictions/favorites/reorder', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await dragWithMouse(page, cards(page).nth(2), cards(page).nth(0));
    await expect(page.getByText('Failed to save new order. Please try again.')).toBeVisible();
    await expect.poll(() => titlesInOrder(page)).toEqual([first[0], first[2], first[1]]);
    await page.unroute('**/api/userFictions/favorites/reorder');

    // Unfavorite one in All Fictions, then remove it through "Remove Fiction?".
    await page.getByRole('button', { name: 'All Fictions' }).click();
    await expect(page.getByRole('heading', { name: 'All Your Fictions (3)' })).toBeVisible();
    const rowOf = (title: string) => page.getByTestId('fiction-row').filter({ hasText: title });
    const target = first[1] as string;
    await rowOf(target)
      .getByRole('button', { name: /Favorited/ })
      .click();
    await expect(rowOf(target).getByRole('button', { name: 'Add to Favorites' })).toBeVisible();
    await rowOf(target).getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Fiction?' });
    await expect(dialog).toContainText(
      `Are you sure you want to remove "${target}" from your list? Its reading status and progress go with it. This action cannot be undone.`,
    );
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'All Your Fictions (2)' })).toBeVisible();
    await expect(rowOf(target)).toHaveCount(0);

    // The server still refuses to remove a favorite outright (the list unfavorites it first, after asking).
    const favoriteRow = rowOf(first[0] as string);
    await expect(favoriteRow.getByRole('button', { name: 'Favorited' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const all = await request.get('/api/userFictions/all', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const favorite = ((await all.json()).data as Array<{ fiction_id: number; is_favorite: boolean }>).find(
      (entry) => entry.is_favorite,
    );
    const refused = await request.delete(`/api/userFictions/${favorite?.fiction_id}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toBe(
      'Cannot remove favorite fictions. Please remove from favorites first.',
    );

    // Unfavorite from the favorites: at once, with no dialog.
    await page.getByRole('button', { name: 'Favorites', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Your Favorites (2)' })).toBeVisible();
    await cards(page)
      .first()
      .getByRole('button', { name: /^Unfavorite / })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/is no longer a favorite\.$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Favorites (1)' })).toBeVisible();
  });

  test('reading status and chapter progress are saved', async ({ page, request }) => {
    const [id] = await newFakeFictions(request, 1);
    const session = await createAccount(request);
    const added = await request.post('/api/royalroad/add-fiction', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { url: fictionUrl(id as number) },
    });
    expect(added.status()).toBe(201);
    await signInWithStorage(page, session);
    await page.goto('/dashboard');
    const card = cards(page).first();
    await card.getByLabel('Reading status').selectOption('reading');
    await card.getByLabel('Chapter').fill('3');
    await expect(card.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.reload();
    await expect(cards(page).first().getByLabel('Reading status')).toHaveValue('reading');
    await expect(cards(page).first().getByLabel('Chapter')).toHaveValue('3');

    await page.getByRole('button', { name: 'All Fictions' }).click();
    await page.getByLabel('Show').selectOption('completed');
    await expect(page.getByText('No fictions with the status “Completed”.')).toBeVisible();
    await page.getByLabel('Show').selectOption('reading');
    await expect(page.getByTestId('fiction-row')).toHaveCount(1);
  });

  test('a non-Royal-Road link is refused with a clear message', async ({ page, request }) => {
    const session = await createAccount(request);
    await signInWithStorage(page, session);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Add Fiction', exact: true }).click();
    await addByUrl(page, 'https://example.com/fiction/12');
    await expect(page.getByRole('alert')).toHaveText(
      'Enter a Royal Road fiction link, like https://www.royalroad.com/fiction/12345/title, or its number.',
    );
  });

  test('a list of 500 fictions asks for its Rising Stars badges once', async ({ page, request }) => {
    test.setTimeout(180_000);
    const ids = await newFakeFictions(request, 500);
    const session = await createAccount(request);
    const headers = { authorization: `Bearer ${session.token}` };
    // A reader may have 3 look-ups waiting for Royal Road at once (the interactive queue's share per reader).
    for (let start = 0; start < ids.length; start += 3) {
      await Promise.all(
        ids.slice(start, start + 3).map(async (id) => {
          const response = await request.post('/api/royalroad/add-fiction', {
            headers,
            data: { url: fictionUrl(id) },
          });
          expect(response.status()).toBe(201);
        }),
      );
    }
    const badgeRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/rising-stars/')) badgeRequests.push(sent.url());
    });
    await signInWithStorage(page, session);
    await page.goto('/dashboard');
    // Generous waits: how fast this is is measured by `npm run bench`, not here.
    await expect(page.getByRole('heading', { name: 'Your Favorites (500)' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(cards(page)).toHaveCount(500, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(badgeRequests).toHaveLength(1);
    expect(badgeRequests[0]).toContain('/api/rising-stars/latest?fictionIds=');
  });
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { createAccount, signInWithStorage, uniqueEmail } from '../support/accounts.ts';
import { readZip } from '../support/zip.ts';

// Three fictions of the real July 2026 sample loaded into the test server.
const LIST = [
  { royalroadId: 176641, status: 'reading' },
  { royalroadId: 68417, status: 'completed' },
  { royalroadId: 86788, status: 'reading' },
] as const;

/** Adds the sample fictions to the reader's list with their statuses; answers their titles. */
async function fillList(request: APIRequestContext, token: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const titles: string[] = [];
  for (const { royalroadId, status } of LIST) {
    const fiction = (await (await request.get(`/api/fictions/${royalroadId}`)).json()).data as {
      id: number;
      title: string;
    };
    const added = await request.post('/api/userFictions', {
      headers,
      data: { fiction_id: fiction.id, status },
    });
    expect(added.status(), await added.text()).toBe(201);
    titles.push(fiction.title);
  }
  return titles;
}

test.describe('dashboard: the list at a glance and its download', () => {
  test('counts per reading status, each showing its fictions in the All Fictions list', async ({
    page,
    request,
  }) => {
    const session = await createAccount(request, uniqueEmail('counts'));
    const [reading1, completed, reading2] = await fillList(request, session.token);
    await signInWithStorage(page, session);
    await page.goto('/dashboard');

    const overview = page.locator('section', { has: page.getByRole('heading', { name: 'Your List' }) });
    await expect(overview.getByRole('button', { name: /^All/ })).toHaveText('All3');
    await expect(overview.getByRole('button', { name: /^Reading/ })).toHaveText('Reading2');
    await expect(overview.getByRole('button', { name: /^Completed/ })).toHaveText('Completed1');
    await expect(overview.getByRole('button', { name: /^Dropped/ })).toHaveText('Dropped0');

    await overview.getByRole('button', { name: /^Reading/ }).click();
    await expect(page).toHaveURL(/\/dashboard\?view=all&status=reading$/);
    const rows = page.getByTestId('fiction-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: reading1 as string })).toHaveCount(1);
    await expect(rows.filter({ hasText: reading2 as string })).toHaveCount(1);

    await overview.getByRole('button', { name: /^Completed/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(completed as string);

    // Back goes to the previous filter.
    await page.goBack();
    await expect(rows).toHaveCount(2);
  });

  test("'Download my data' saves a ZIP of the whole list that opens", async ({ page, request }) => {
    const session = await createAccount(request, uniqueEmail('list-download'));
    const titles = await fillList(request, session.token);
    await signInWithStorage(page, session);
    await page.goto('/dashboard');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-fictions-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(await download.path());
    expect([...files.keys()].sort()).toEqual([
      'README.txt',
      'data.json',
      'fictions.csv',
      'growth.csv',
      'list.csv',
      'rising-stars.csv',
      'snapshots.csv',
    ]);
    const list = (files.get('list.csv') ?? '').trim().split('\r\n');
    expect(list).toHaveLength(1 + LIST.length);
    for (const { royalroadId } of LIST) expect(files.get('list.csv')).toContain(String(royalroadId));
    const json = JSON.parse(files.get('data.json') ?? '{}') as {
      kind: string;
      user: { email: string };
      list: Array<{ royalroad_id: number; status: string }>;
      fictions: Array<{ title: string }>;
      snapshots: unknown[];
    };
    expect(json.kind).toBe('list');
    expect(json.user.email).toBe(session.user.email);
    expect(json.list.map((entry) => [entry.royalroad_id, entry.status]).sort()).toEqual(
      LIST.map(({ royalroadId, status }) => [royalroadId, status]).sort(),
    );
    expect(json.fictions.map((fiction) => fiction.title).sort()).toEqual([...titles].sort());
    expect(json.snapshots.length).toBeGreaterThan(LIST.length);
    await expect(page.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  test('a download the server refuses says so in words', async ({ page, request }) => {
    const session = await createAccount(request, uniqueEmail('download-fails'));
    await signInWithStorage(page, session);
    await page.route('**/api/userFictions/export', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false }),
      }),
    );
    await page.goto('/dashboard');

    await page.getByRole('button', { name: 'Download my data' }).click();

    await expect(
      page.locator('section', { has: page.getByRole('heading', { name: 'Your List' }) }).getByRole('alert'),
    ).toHaveText('Service temporarily unavailable. Please try again later.');
  });
});

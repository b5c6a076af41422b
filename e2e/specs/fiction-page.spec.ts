import { expect, test } from '@playwright/test';
import { acceptCookies, createAccount, signInWithStorage } from '../support/accounts.ts';
import { scrollToCharts } from '../support/charts.ts';
import { readZip } from '../support/zip.ts';

// Fiction 176641 comes from the real July 2026 sample loaded into the test server.
const ID = 176641;
const TITLE = 'Worm Girl Evolution [LitRPG, Yuri]';
const SLUG = 'worm_girl_evolution_litrpg_yuri';

test.describe('fiction page', () => {
  test('on a phone, the charts and their library load only when scrolled to', async ({ page }) => {
    // A short phone: the charts start well below the first screen.
    await page.setViewportSize({ width: 390, height: 600 });
    const chartScripts: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/FictionCharts-[^/]*\.js$/.test(sent.url())) chartScripts.push(sent.url());
    });
    await acceptCookies(page);
    await page.goto(`/fiction/${ID}/${SLUG}`);
    await expect(page.getByRole('region', { name: 'Current Stats' })).toBeVisible();
    await expect(page.getByText('Loading charts...')).toBeAttached();
    expect(chartScripts).toEqual([]);
    await scrollToCharts(page);
    await expect(
      page.getByRole('region', { name: 'Engagement and growth' }).locator('.recharts-line-curve'),
    ).toHaveCount(5);
    expect(chartScripts).toHaveLength(1);
  });

  test('shows the stats and the charts from real history (no score chart without scores); legend entries hide and show series', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto(`/fiction/${ID}/${SLUG}`);
    await expect(page.getByText('Fiction Details')).toBeVisible();
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(page.getByText('by Lect')).toBeVisible();

    const stats = page.getByRole('region', { name: 'Current Stats' });
    await expect(stats).toContainText('Followers');
    await expect(stats).toContainText('as of');
    await expect(stats).not.toContainText('Overall score'); // the sample has no scores

    await scrollToCharts(page);
    const risingStars = page.getByRole('region', { name: 'Rising Stars performance' });
    const engagement = page.getByRole('region', { name: 'Engagement and growth' });
    const quality = page.getByRole('region', { name: 'Perceived quality' });
    await expect(risingStars.locator('.recharts-line')).not.toHaveCount(0);
    await expect(engagement.locator('.recharts-line-curve')).toHaveCount(5);
    // The sample carries no scores: no score chart at all, rather than an empty box.
    await expect(quality).toHaveCount(0);
    await expect(page.getByText('No scores recorded')).toHaveCount(0);

    // Legend: every series visible at first; a click hides one, another click brings it back.
    const followers = engagement.getByRole('button', { name: 'Followers' });
    await expect(followers).toHaveAttribute('aria-pressed', 'true');
    await followers.click();
    await expect(followers).toHaveAttribute('aria-pressed', 'false');
    await expect(engagement.locator('.recharts-line-curve')).toHaveCount(4);
    await followers.click();
    await expect(engagement.locator('.recharts-line-curve')).toHaveCount(5);

    const genres = risingStars
      .getByRole('list', { name: 'Rising Stars performance legend' })
      .getByRole('button');
    const before = await risingStars.locator('.recharts-line-curve').count();
    await genres.first().click();
    await expect(risingStars.locator('.recharts-line-curve')).toHaveCount(before - 1);

    await expect(page.getByText('Graphic Violence')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Rising Stars Position Calculator' })).toHaveAttribute(
      'href',
      `/rising-stars-position/${ID}`,
    );
  });

  for (const [label, width, sideBySide] of [
    ['wide screen', 1280, true],
    ['phone', 390, false],
  ] as const) {
    test(`on a ${label}, 'How it compares' and 'Entering Rising Stars' are ${sideBySide ? 'side by side' : 'stacked'}; with only a sentence to say they are stacked`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await acceptCookies(page);
      // 173952 has figures for both; 125307 (2,001 pages) has no fiction of its length to be compared with.
      const analytics = async (id: number) =>
        (await (await request.get(`/api/fictions/${id}/analytics`)).json()).data as {
          peers: { length_cohort: { size: number } | null };
          rising_stars_context: { overall: { fictions: number } };
        };
      const both = await analytics(173952);
      expect(both.peers.length_cohort?.size).toBeGreaterThanOrEqual(20);
      expect(both.rising_stars_context.overall.fictions).toBeGreaterThan(0);
      expect((await analytics(125307)).peers.length_cohort?.size ?? 0).toBeLessThan(20);

      const boxes = async (id: number) => {
        await page.goto(`/fiction/${id}`);
        const peers = page.getByRole('region', { name: 'How it compares' });
        const entrants = page.getByRole('region', { name: 'Entering Rising Stars' });
        // The analytics load once scrolled to.
        await expect(async () => {
          await page.mouse.wheel(0, 2_000);
          await expect(entrants).toBeVisible({ timeout: 1_000 });
        }).toPass();
        const [a, b] = [await peers.boundingBox(), await entrants.boundingBox()];
        if (!a || !b) throw new Error('a panel has no box');
        return { peers: a, entrants: b };
      };

      const { peers, entrants } = await boxes(173952);
      if (sideBySide) {
        expect(Math.abs(peers.y - entrants.y)).toBeLessThan(1);
        expect(peers.x + peers.width).toBeLessThan(entrants.x);
      } else {
        expect(entrants.y).toBeGreaterThanOrEqual(peers.y + peers.height);
        expect(Math.abs(peers.width - entrants.width)).toBeLessThan(1);
      }
      // One of them says a sentence only: no half-empty column beside the other.
      const lone = await boxes(125307);
      await expect(page.getByTestId('peers-too-few')).toBeVisible();
      expect(lone.entrants.y).toBeGreaterThanOrEqual(lone.peers.y + lone.peers.height);
      expect(Math.abs(lone.peers.width - lone.entrants.width)).toBeLessThan(1);
    });
  }

  test('puts the canonical slug in the address', async ({ page }) => {
    await acceptCookies(page);
    await page.goto(`/fiction/${ID}/not-the-right-slug`);
    await expect(page).toHaveURL(new RegExp(`/fiction/${ID}/${SLUG}$`));
    await page.goto(`/fiction/${ID}`);
    await expect(page).toHaveURL(new RegExp(`/fiction/${ID}/${SLUG}$`));
  });

  test('an unknown fiction says so, with a way home', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/fiction/987654321/nothing');
    await expect(page.getByRole('heading', { name: 'Fiction not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the data download is a ZIP whose CSV files hold the history', async ({ page, request }) => {
    const session = await createAccount(request);
    await signInWithStorage(page, session);
    await page.goto(`/fiction/${ID}/${SLUG}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Data download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${SLUG}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const files = await readZip(await download.path());
    expect([...files.keys()].sort()).toEqual([
      'README.txt',
      'data.json',
      'fiction.csv',
      'growth.csv',
      'rising-stars.csv',
      'snapshots.csv',
    ]);

    const snapshots = (files.get('snapshots.csv') ?? '').trim().split('\r\n');
    expect(snapshots[0]).toBe(
      'royalroad_id,title,captured_at,followers,favorites,ratings,pages,total_views,average_views,chapter_count,overall_score,style_score,story_score,grammar_score,character_score',
    );
    expect(snapshots).toHaveLength(1 + 19);
    expect(snapshots[1]).toMatch(
      new RegExp(`^${ID},"${TITLE.replace(/[[\]]/g, '\\$&')}",2026-07-14T21:34:14.000Z,751,`),
    );
    const growth = (files.get('growth.csv') ?? '').trim().split('\r\n');
    expect(growth[0]).toBe(
      'royalroad_id,title,date,followers,followers_gained,views_gained,favorites_gained,ratings_gained,views_per_follower,favorites_per_follower',
    );
    // One row per day with a snapshot; the first has no day before it.
    expect(growth[1]).toMatch(new RegExp(`^${ID},"${TITLE.replace(/[[\]]/g, '\\$&')}",2026-07-14,\\d+,,,,,`));
    const ranks = (files.get('rising-stars.csv') ?? '').trim().split('\r\n');
    expect(ranks[0]).toBe('royalroad_id,title,captured_at,genre,position');
    expect(ranks.length).toBeGreaterThan(10);
    const json = JSON.parse(files.get('data.json') ?? '{}') as {
      snapshots: unknown[];
      rising_stars: unknown[];
    };
    expect(json.snapshots).toHaveLength(19);
    expect(json.rising_stars).toHaveLength(ranks.length - 1);
    expect(files.get('README.txt')).toContain('ISO 8601, in UTC');
  });
});

test.describe('landing page', () => {
  test('shows both top lists, the schedule in Pacific and local time, and the visitor call to action', async ({
    page,
    request,
  }) => {
    // Five fictions in a reader's list, so both tables have five rows.
    const reader = await createAccount(request);
    const top = (await (await request.get('/api/rising-stars/top?limit=5')).json()).data.entries as Array<{
      royalroad_id: number;
    }>;
    for (const entry of top) {
      const added = await request.post('/api/royalroad/add-fiction', {
        headers: { authorization: `Bearer ${reader.token}` },
        data: { url: `https://www.royalroad.com/fiction/${entry.royalroad_id}` },
      });
      expect([201, 409]).toContain(added.status());
    }
    // The ranking is cached for a few seconds: wait until it counts them.
    await expect
      .poll(
        async () =>
          ((await (await request.get('/api/fictions/popular-by-users?limit=5')).json()).data as unknown[])
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(5);
    await acceptCookies(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to RR Companion' })).toBeVisible();
    const rising = page.getByRole('region', { name: 'Top 5 Rising Stars' });
    await expect(rising.getByRole('row')).toHaveCount(5 + 1);
    await expect(rising).toContainText('as of');
    const popular = page.getByRole('region', { name: 'Most Popular on Site' });
    await expect(popular.getByRole('link')).toHaveCount(5);
    await expect(page.getByText('12:24', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Pacific time' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Your time' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up Now' }).first()).toHaveAttribute(
      'href',
      '/register',
    );

    await rising.getByRole('link').first().click();
    await expect(page.getByText('Fiction Details')).toBeVisible();
  });

  test('offers the dashboard to a signed-in reader', async ({ page, request }) => {
    await signInWithStorage(page, await createAccount(request));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(page.getByRole('link', { name: 'Sign Up Now' })).toHaveCount(0);
  });
});

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ARTIFACTS, FAKE_ROYALROAD_URL } from '../playwright.config.ts';
import { acceptCookies } from '../support/accounts.ts';
import { capture } from '../support/screenshots.ts';

// Compare with the demo data: fictions with scores and 60 daily snapshots, figures from hundreds to millions.
// The demo's Rising Stars captures would become every other spec's latest capture, so it gets a server and a
// database of its own (the web app the suite built, the demo seeded for a fixed end date: the same rows
// every run).
const ROOT = path.resolve(ARTIFACTS, '..', '..');
const DATA_DIR = path.join(ARTIFACTS, 'compare-demo');
// Demo fictions with a chapter list, so they line up by days since their first chapter: the most followed
// (12,927 followers, 15.6 million views) and two of a few hundred to two thousand followers.
const LAUNCHED = [1_000_000, 1_000_002, 1_000_005];
// A demo fiction whose title takes two lines on a phone (and has no chapter dates: shown on calendar dates).
const LONG_TITLE = 1_000_029;

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let base = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    DATA_DIR,
    DATABASE_URL: `sqlite:${path.join(DATA_DIR, 'demo.db')}`,
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-signing-tokens',
    SCHEDULER: 'off',
    LOG_LEVEL: 'warn',
    ROYALROAD_BASE_URL: FAKE_ROYALROAD_URL,
    PUBLIC_URL: base,
  };
  execFileSync(process.execPath, ['apps/server/src/cli.ts', 'seed-demo', '--end', '2026-11-21'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: ROOT, env, stdio: 'inherit' });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

/** The tick labels of a chart's x or y axis. */
async function ticks(chart: Locator, axis: 'xAxis' | 'yAxis'): Promise<string[]> {
  return chart.locator(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`).allTextContents();
}

/** A tick label as a number: '12,500', '12.5K' or '2M'. */
function figureOf(text: string): number {
  const value = Number.parseFloat(text.replace(/,/g, ''));
  return /K$/i.test(text) ? value * 1_000 : /M$/i.test(text) ? value * 1_000_000 : value;
}

/** Every chart's x-axis labels are all different (one label per day mark or date). */
async function expectDistinctDates(page: Page) {
  for (const label of ['Followers', 'Views', 'Pages']) {
    const chart = page.getByRole('region', { name: label, exact: true });
    await expect(chart.locator('.recharts-line-curve').first()).toBeAttached();
    const texts = await ticks(chart, 'xAxis');
    expect(texts.length, `${label}: ${texts.join(', ')}`).toBeGreaterThan(2);
    expect(new Set(texts).size, `${label}: ${texts.join(', ')}`).toBe(texts.length);
  }
}

interface Comparison {
  series: Array<{
    royalroad_id: number;
    title: string;
    points: Array<{ followers: number | null; total_views: number | null; pages: number | null }>;
    milestones: Array<{
      day: number;
      followers: number | null;
      total_views: number | null;
      pages: number | null;
    }>;
  }>;
}

test.describe('Compare with demo data at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the scale toggle changes the axis; the table holds exact whole numbers; dates are distinct', async ({
    page,
  }) => {
    const ids = LAUNCHED.join(',');
    const comparison = (
      (await (await fetch(`${base}/api/compare?ids=${ids}`)).json()) as { data: Comparison }
    ).data;
    expect(comparison.series.map((item) => item.points.length)).toEqual([60, 60, 60]);

    await acceptCookies(page);
    await page.goto(`${base}/compare?ids=${ids}`);
    const followers = page.getByRole('region', { name: 'Followers', exact: true });
    const views = page.getByRole('region', { name: 'Views', exact: true });
    await expect(followers.locator('.recharts-line-curve')).toHaveCount(3);
    await expectDistinctDates(page);

    // Linear: evenly stepped ticks. Log: powers of ten and their 2 and 5 multiples, a different axis.
    const linear = (await ticks(views, 'yAxis')).map(figureOf);
    const steps = new Set(linear.slice(1).map((tick, index) => tick - (linear[index] as number)));
    expect(steps.size, linear.join(' ')).toBe(1);
    await page.getByRole('button', { name: 'Log scale' }).click();
    await expect(page).toHaveURL(/scale=log/);
    await expect(page.getByRole('button', { name: 'Log scale' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await ticks(views, 'yAxis')).map(figureOf)).not.toEqual(linear);
    const log = (await ticks(views, 'yAxis')).map(figureOf);
    for (const tick of log)
      expect([1, 2, 5], log.join(' ')).toContain(tick / 10 ** Math.floor(Math.log10(tick)));
    // From the hundred thousands to the millions: the small fictions' views are no longer flat at the bottom.
    expect(Math.min(...log)).toBeLessThanOrEqual(100_000);
    expect(Math.max(...log)).toBeGreaterThanOrEqual(10_000_000);
    await expect(views.locator('.recharts-line-curve')).toHaveCount(3);
    await expectDistinctDates(page);
    await capture(page, 'desktop-compare-demo-log');
    await page.getByRole('button', { name: 'Linear scale' }).click();
    await expect(page).not.toHaveURL(/scale=log/);
    await expect.poll(async () => (await ticks(views, 'yAxis')).map(figureOf)).toEqual(linear);

    // The table: every figure exact and whole ('963', '12,451'; never '1K' or '12.5K'), as the API has it.
    const milestones = page.getByRole('region', { name: 'Days after the first chapter' });
    await expect(milestones).not.toContainText(/\d(\.\d+)?[KM]\b/);
    for (const [key, caption] of [
      ['followers', 'Followers'],
      ['total_views', 'Views'],
      ['pages', 'Pages'],
    ] as const) {
      const table = milestones.getByRole('table', { name: caption });
      const days = (await table.locator('thead th').allTextContents()).slice(1, -1);
      expect(days.length, caption).toBeGreaterThan(0);
      for (const item of comparison.series) {
        const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: item.title }) });
        const cells = await row.getByRole('cell').allTextContents();
        const expected = days.map((day) => {
          const value = item.milestones.find((mark) => `Day ${mark.day}` === day)?.[key];
          return value === null || value === undefined ? '–' : value.toLocaleString('en-US');
        });
        expect(cells.slice(0, -1), `${caption} of ${item.title}`).toEqual(expected);
        const latest = item.points.findLast((point) => point[key] !== null)?.[key] as number;
        expect(cells.at(-1), `${caption} of ${item.title}`).toMatch(
          new RegExp(`^${latest.toLocaleString('en-US')}day \\d+$`),
        );
        for (const cell of cells) expect(cell).toMatch(/^(–|\d{1,3}(,\d{3})*(day \d+)?)$/);
      }
    }
    await expect(
      milestones
        .getByRole('table', { name: 'Pages' })
        .getByRole('row', { name: /Reborn as a Skeleton/ })
        .getByRole('cell', { name: '963', exact: true })
        .first(),
    ).toBeVisible();
    await capture(page, 'desktop-compare-demo');
  });
});

test.describe('Compare with demo data on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a long title keeps its legend dot round; each figure of the table is whole in its cell', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto(`${base}/compare?ids=${[...LAUNCHED.slice(0, 2), LONG_TITLE].join(',')}&align=calendar`);
    const followers = page.getByRole('region', { name: 'Followers', exact: true });
    await expect(followers.locator('.recharts-line-curve')).toHaveCount(3);
    const legend = followers.getByRole('list', { name: 'Followers legend' });
    await expect(legend).toContainText(
      'Reluctant Throne of the Endless Library [Cultivation | Slice of Life]',
    );
    // The long title wraps beside its dot; the dot keeps its size.
    const dots = [
      ...(await legend.locator('button > span').all()),
      ...(await page.getByRole('region', { name: 'Fictions compared' }).locator('li > span').all()),
    ];
    expect(dots).toHaveLength(6);
    for (const dot of dots) {
      const size = await dot.boundingBox();
      expect(size?.width).toBeGreaterThanOrEqual(9);
      expect(size?.width).toBeCloseTo(size?.height ?? 0, 0);
    }
    await expectDistinctDates(page);

    // By days since the first chapter the table has every mark: its figures do not run into each other.
    await page.getByRole('button', { name: 'Days since first chapter' }).click();
    await expect(page).not.toHaveURL(/align=calendar/);
    const milestones = page.getByRole('region', { name: 'Days after the first chapter' });
    await expect(milestones.getByRole('table', { name: 'Views' }).getByRole('cell').first()).toBeVisible();
    const overflowing = await milestones
      .locator('td')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      );
    expect(overflowing).toEqual([]);
    await capture(page, 'phone-compare-demo');
  });
});

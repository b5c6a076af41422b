import { expect, type Page, test } from '@playwright/test';
import { acceptCookies } from '../support/accounts.ts';
import { scrollToCharts } from '../support/charts.ts';
import { knownFakeFiction } from '../support/fake-royalroad.ts';
import { capture } from '../support/screenshots.ts';

// Fictions of the real July 2026 sample: "The Bound Before" and two it is compared with.
const BOUND = 170001;
const COMPARED = [170001, 173952, 177597];

const WIDTHS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

interface AxisReport {
  chart: string;
  x: Array<{ text: string; inside: boolean; center: number }>;
  y: Array<{ text: string; inside: boolean; center: number }>;
}

/** Every chart drawn on the page: the labels of its axes, and whether each lies wholly inside its chart. */
async function axesOf(page: Page): Promise<AxisReport[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('svg.recharts-surface')].map((svg, index) => {
      const box = svg.getBoundingClientRect();
      const labels = (axis: string) =>
        [...svg.querySelectorAll(`.${axis}-tick-labels .recharts-cartesian-axis-tick-value`)].map((label) => {
          const own = label.getBoundingClientRect();
          return {
            text: label.textContent ?? '',
            center: (own.left + own.right) / 2,
            inside:
              own.left >= box.left - 0.5 &&
              own.right <= box.right + 0.5 &&
              own.top >= box.top - 0.5 &&
              own.bottom <= box.bottom + 0.5,
          };
        });
      const region = svg.closest('section[aria-label]')?.getAttribute('aria-label') ?? 'chart';
      const panel = svg.closest('figure')?.querySelector('figcaption')?.textContent;
      return {
        chart: `${region}${panel ? ` / ${panel}` : ''} #${index}`,
        x: labels('recharts-xAxis'),
        y: labels('recharts-yAxis'),
      };
    }),
  );
}

/** Each chart's date (or day) labels are all different, and no axis label is cut by the chart's edge. */
async function expectReadableAxes(page: Page, expected: number) {
  const charts = await axesOf(page);
  expect(charts.length).toBeGreaterThanOrEqual(expected);
  for (const chart of charts) {
    const texts = chart.x.map((label) => label.text);
    expect(texts.length, `${chart.chart} has date labels`).toBeGreaterThan(0);
    expect(new Set(texts).size, `${chart.chart}: ${texts.join(', ')}`).toBe(texts.length);
    // Evenly spaced: none left out here and there (months may differ by a few days).
    const gaps = chart.x
      .slice(1)
      .map((label, index) => label.center - (chart.x[index] as { center: number }).center);
    if (gaps.length > 1)
      expect(Math.max(...gaps) / Math.min(...gaps), `${chart.chart}: ${texts.join(', ')}`).toBeLessThan(1.15);
    expect(chart.y.length, `${chart.chart} has value labels`).toBeGreaterThan(1);
    for (const label of [...chart.x, ...chart.y])
      expect(label.inside, `${chart.chart}: label '${label.text}' is cut`).toBe(true);
  }
}

/** Scrolls until the fiction page's charts (loaded once in view) are drawn. */
async function revealCharts(page: Page) {
  await expect(async () => {
    await scrollToCharts(page);
    await page.mouse.wheel(0, 300);
    await expect(page.getByRole('region', { name: 'Engagement and growth' })).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

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

/** A tick label as a number: '12,500' or '12.5K'. */
function figureOf(text: string): number {
  const value = Number.parseFloat(text.replace(/,/g, ''));
  return /K$/i.test(text) ? value * 1_000 : /M$/i.test(text) ? value * 1_000_000 : value;
}

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test.describe(`charts at ${label} width`, () => {
    test.use({ viewport });

    test('the fiction page: one label per date, round values, nothing cut, tooltips sorted', async ({
      page,
    }) => {
      await acceptCookies(page);
      await page.goto(`/fiction/${BOUND}`);
      await revealCharts(page);
      const engagement = page.getByRole('region', { name: 'Engagement and growth' });
      // Each series on a scale of its own.
      await expect(engagement.getByTestId('small-multiple')).toHaveCount(5);
      await expect(engagement.locator('.recharts-line-curve')).toHaveCount(5);
      await scrollToGrowth(page);
      await expect(
        page.getByRole('region', { name: 'Gained per day' }).locator('.recharts-line-curve'),
      ).toHaveCount(4);
      await expect(
        page.getByRole('region', { name: 'Per follower' }).locator('.recharts-line-curve'),
      ).toHaveCount(2);
      // Rising Stars, 5 engagement panels, 4 gains panels, per follower; the sample has no scores, so no
      // score chart (not an empty box).
      await expectReadableAxes(page, 11);
      await expect(page.getByRole('region', { name: 'Perceived quality' })).toHaveCount(0);

      // Positions on a round scale whose top is labelled; the tooltip lists the best position first.
      const ranks = page.getByRole('region', { name: 'Rising Stars performance' });
      const rankLabels = await ranks
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .allTextContents();
      for (const text of rankLabels.slice(1)) expect(Number(text.slice(1)) % 5, rankLabels.join(' ')).toBe(0);
      const plot = ranks.locator('.recharts-cartesian-grid');
      await plot.scrollIntoViewIfNeeded();
      const box = await plot.boundingBox();
      if (!box) throw new Error('the Rising Stars chart has no plot');
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
      const rows = ranks.locator('.recharts-tooltip-wrapper li');
      await expect(rows.first()).toBeVisible();
      const texts = await rows.allTextContents();
      for (const text of texts) expect(text).toMatch(/^#\d+ \S/);
      const positions = texts.map((text) => Number(text.match(/^#(\d+)/)?.[1]));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      await capture(page, `${label}-charts-fiction`);
    });

    test('high scores are drawn on a scale fitted to them, not from 0', async ({ page, request }) => {
      const id = await knownFakeFiction(request);
      const fiction = (await (await request.get(`/api/fictions/${id}`)).json()).data as {
        overall_score: number | null;
      };
      expect(fiction.overall_score).toBeGreaterThan(2);
      await acceptCookies(page);
      await page.goto(`/fiction/${id}`);
      await revealCharts(page);
      const quality = page.getByRole('region', { name: 'Perceived quality' });
      await expect(quality).toBeVisible();
      // One snapshot so far: one point per score.
      await expect(quality.locator('.recharts-line-dot').first()).toBeAttached();
      const ticks = (
        await quality
          .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
          .allTextContents()
      ).map(Number);
      expect(ticks.length).toBeGreaterThan(1);
      expect(ticks[0]).toBeGreaterThan(0);
      expect(ticks.at(-1)).toBeLessThanOrEqual(5);
      await expectReadableAxes(page, 3);
    });

    test('Compare: distinct dates and days, fitted or log scale, exact figures', async ({ page }) => {
      await acceptCookies(page);
      await page.goto(`/compare?ids=${COMPARED.join(',')}`);
      const followers = page.getByRole('region', { name: 'Followers', exact: true });
      await expect(followers.locator('.recharts-line-curve')).toHaveCount(3);
      await expectReadableAxes(page, 3);

      // Fitted: the followers scale starts at most one step below the smallest figure shown, not at 0.
      const series = (
        (await (await page.request.get(`/api/compare?ids=${COMPARED.join(',')}`)).json()).data as {
          series: Array<{ points: Array<{ followers: number | null }> }>;
        }
      ).series;
      const smallest = Math.min(
        ...series.flatMap((item) => item.points.flatMap((point) => point.followers ?? [])),
      );
      const ticks = (
        await followers
          .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
          .allTextContents()
      ).map(figureOf);
      const step = (ticks[1] as number) - (ticks[0] as number);
      expect(ticks[0]).toBeLessThanOrEqual(smallest);
      expect(ticks[0]).toBeGreaterThan(smallest - step);

      // The table holds exact figures with the days that exist and the latest snapshot, not a wall of dashes.
      const milestones = page.getByRole('region', { name: 'Days after the first chapter' });
      const table = milestones.getByRole('table').first();
      await expect(table.getByRole('columnheader', { name: 'Latest' })).toBeVisible();
      const latest = await table.locator('tbody tr td:last-child').allTextContents();
      expect(latest).toHaveLength(3);
      for (const cell of latest) expect(cell).toMatch(/^\d{1,3}(,\d{3})*day \d+$/);
      await expect(milestones).not.toContainText(/\d(\.\d)?[KM]\b/);

      // A long title keeps its round legend dot.
      const dots = followers.getByRole('list', { name: 'Followers legend' }).locator('button > span');
      for (const dot of await dots.all()) {
        const size = await dot.boundingBox();
        expect(size?.width).toBeCloseTo(size?.height ?? 0, 0);
      }

      await capture(page, `${label}-charts-compare`);
      await page.getByRole('button', { name: 'Log scale' }).click();
      await expect(page).toHaveURL(/scale=log/);
      await expect(followers.locator('.recharts-line-curve')).toHaveCount(3);
      // Read once the axis is redrawn (the linear one, from 0, may still be there right after the click).
      const logTicks = async () =>
        (
          await followers
            .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
            .allTextContents()
        ).map(figureOf);
      const mantissa = (tick: number) => (tick > 0 ? tick / 10 ** Math.floor(Math.log10(tick)) : tick);
      await expect
        .poll(async () => (await logTicks()).every((tick) => [1, 2, 5].includes(mantissa(tick))))
        .toBe(true);
      for (const tick of await logTicks()) expect([1, 2, 5]).toContain(mantissa(tick));
      await page.getByRole('button', { name: 'Calendar dates' }).click();
      await expect(page).toHaveURL(/align=calendar&scale=log/);
      await expect(followers.locator('.recharts-line-curve')).toHaveCount(3);
      await expectReadableAxes(page, 3);
      await capture(page, `${label}-charts-compare-calendar-log`);
    });
  });
}

// Lighthouse (mobile settings: an emulated phone on a throttled connection) on three pages of the running
// server, driving Debian's Chromium. Targets: performance ≥ 90, accessibility ≥ 95, best practices ≥ 95,
// SEO ≥ 90.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_TARGETS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 90,
} as const;

type Category = keyof typeof LIGHTHOUSE_TARGETS;

export interface LighthousePage {
  path: string;
  scores: Record<Category, number>;
  passed: boolean;
  /** The audits that cost the most, when a score misses. */
  notes: string[];
}

export async function runLighthouse(base: string, paths: string[]): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const pages: LighthousePage[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(LIGHTHOUSE_TARGETS),
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      const scores = Object.fromEntries(
        (Object.keys(LIGHTHOUSE_TARGETS) as Category[]).map((category) => [
          category,
          Math.round((lhr.categories[category]?.score ?? 0) * 100),
        ]),
      ) as Record<Category, number>;
      const passed = (Object.keys(LIGHTHOUSE_TARGETS) as Category[]).every(
        (category) => scores[category] >= LIGHTHOUSE_TARGETS[category],
      );
      const notes = passed
        ? []
        : Object.values(lhr.audits)
            .filter(
              (audit) =>
                audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
            )
            .slice(0, 6)
            .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      pages.push({ path, scores, passed, notes });
    }
    return pages;
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(pages: LighthousePage[]) {
  console.log('Lighthouse, mobile settings (performance / accessibility / best practices / SEO)');
  for (const page of pages) {
    const s = page.scores;
    console.log(
      `  ${page.path.padEnd(44)} ${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(4)} ${String(s['best-practices']).padStart(4)} ${String(s.seo).padStart(4)}  ${page.passed ? 'PASS' : `MISS ${page.notes.join(', ')}`}`,
    );
  }
  console.log(
    `  targets: performance ≥ ${LIGHTHOUSE_TARGETS.performance}, accessibility ≥ ${LIGHTHOUSE_TARGETS.accessibility}, best practices ≥ ${LIGHTHOUSE_TARGETS['best-practices']}, SEO ≥ ${LIGHTHOUSE_TARGETS.seo}`,
  );
}

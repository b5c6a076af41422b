// Fiction pages parsed per second on one core: the saved real page (fiction 192682) and the 2026 redesign,
// parsed in a loop on this thread after a warm-up. Target: at least 300 pages a second.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFictionPage } from '@rrc/server/royalroad/parsers/fiction';

export const PARSE_TARGET_PER_SECOND = 300;

export function measureParserThroughput(root: string, seconds = 3) {
  const pages = ['fiction-192682.html', 'fiction-redesign.html'].map((name) =>
    readFileSync(path.join(root, 'apps/server/src/royalroad/testdata', name), 'utf8'),
  );
  for (let i = 0; i < 20; i++) parseFictionPage(pages[i % pages.length] as string);
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let parsed = 0;
  while (performance.now() < deadline) {
    parseFictionPage(pages[parsed % pages.length] as string);
    parsed++;
  }
  const perSecond = parsed / ((performance.now() - started) / 1000);
  return { perSecond, passed: perSecond >= PARSE_TARGET_PER_SECOND };
}

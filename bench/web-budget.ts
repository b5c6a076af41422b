// Measures the JavaScript and CSS a browser needs for the first page (`/`):
// the entry script, the stylesheets (linked or inlined in the page) and every module preloaded by index.html, gzipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const WEB_BUDGET_BYTES = 120 * 1024;

export interface WebBudgetResult {
  files: Array<{ file: string; bytes: number; gzip: number }>;
  totalGzip: number;
  budget: number;
}

export function measureWebBudget(distDir: string): WebBudgetResult {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const references = new Set<string>();
  for (const match of html.matchAll(
    /<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g,
  )) {
    if (match[1]) references.add(match[1]);
  }
  const files = [...references].map((reference) => {
    const content = readFileSync(path.join(distDir, reference));
    return { file: reference, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('');
  if (inline) {
    const content = Buffer.from(inline);
    files.push({
      file: 'index.html (inlined styles)',
      bytes: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
    });
  }
  return { files, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0), budget: WEB_BUDGET_BYTES };
}

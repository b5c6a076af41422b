import { readdirSync, readFileSync } from 'node:fs';
import { load } from 'cheerio/slim';
import { DomHandler } from 'htmlparser2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRoyalRoadError, type RoyalRoadError } from '../errors.ts';
import { parseFictionPage } from './fiction.ts';
import { parseListPage } from './list.ts';
import { loadPage, MAX_DEPTH, MAX_ELEMENTS } from './load-page.ts';
import { parseProfilePage } from './profile.ts';

const folder = new URL('../testdata/', import.meta.url);
const file = (name: string) => readFileSync(new URL(name, folder), 'utf8');
const saved = readdirSync(folder).filter((name) => name.endsWith('.html'));
const real = file('fiction-192682.html');
const list = file('rising-stars-main-50.html');

const nested = (depth: number) => `${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}`;
const inDescription = (markup: string) =>
  real.replace('<div class="hidden-content">', `<div class="hidden-content">${markup}`);

function failure(action: () => unknown): RoyalRoadError {
  try {
    action();
  } catch (error) {
    if (isRoyalRoadError(error)) return error;
    throw error;
  }
  throw new Error('expected the page to be refused');
}

/** How many elements the tree builder makes while `action` runs. */
function elementsMade(action: () => unknown): number {
  const made = vi.spyOn(DomHandler.prototype, 'onopentag');
  try {
    action();
  } catch {
    // Refused or not, what counts is how much was built.
  }
  const count = made.mock.calls.length;
  made.mockRestore();
  return count;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a saved page', () => {
  it.each(saved)('%s is read into the same document as before', (name) => {
    const html = file(name);
    expect(loadPage(html).html()).toBe(load(html).html());
    expect(loadPage(html)('*').length).toBe(load(html)('*').length);
  });

  it('nested just within the budget is still read, its description kept', () => {
    const fiction = parseFictionPage(inDescription(nested(MAX_DEPTH - 100)), { expectedId: 192682 });
    expect(fiction.royalroadId).toBe(192682);
    expect(fiction.description).toContain('deep');
  });
});

describe('a page nested 200,000 deep', () => {
  const deep = inDescription(nested(200_000));

  it('is refused as unreadable, as any page nested too deeply', () => {
    for (const parse of [
      () => parseFictionPage(deep, { expectedId: 192682 }),
      () => parseListPage(deep),
      () => parseProfilePage(deep, { profileId: 1 }),
    ]) {
      const error = failure(parse);
      expect(error.kind).toBe('parse');
      expect(error.message).toBe('The page could not be read (its markup is nested too deeply)');
    }
  });

  it('is refused before its tree is built: no more elements are made than the budget, and quickly', () => {
    const started = performance.now();
    const made = elementsMade(() => parseFictionPage(deep, { expectedId: 192682 }));
    // The page's own elements before its description, then the nesting up to the budget.
    expect(made).toBeGreaterThanOrEqual(MAX_DEPTH - 50);
    expect(made).toBeLessThan(MAX_DEPTH + 1_000);
    // It took more than a minute (and 260 MB) when the whole tree was built first.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a page of too many elements', () => {
  it('is refused once it holds more than the budget, side by side as well as nested', () => {
    const wide = inDescription('<i></i>'.repeat(MAX_ELEMENTS));
    let error: RoyalRoadError | undefined;
    const made = elementsMade(() => {
      error = failure(() => parseFictionPage(wide, { expectedId: 192682 }));
    });
    expect(error?.kind).toBe('parse');
    expect(error?.message).toBe('The page could not be read (it holds too many elements)');
    expect(made).toBe(MAX_ELEMENTS);

    // A full Rising Stars list is far from it.
    const made50 = elementsMade(() => parseListPage(list));
    expect(made50).toBeGreaterThan(1_000);
    expect(made50).toBeLessThan(MAX_ELEMENTS / 10);
  });
});

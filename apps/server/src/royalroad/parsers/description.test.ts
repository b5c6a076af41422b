import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { undoDoubleEscapes } from './description.ts';
import { parseFictionPage } from './fiction.ts';
import { parseListPage } from './list.ts';

// The saved pages with the first line of their description written as Royal Road's list excerpts send it:
// text escaped twice ('&amp;lt; You have been chosen &amp;gt;' for '< You have been chosen >').
const page = (name: string) => readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8');
const FIRST_LINE = '<p><strong>Alice is about to speedrun from [Ordinary Rock] to [God].&nbsp;</strong></p>';
const TWICE =
  '<p>&amp;lt; You have been chosen &amp;gt; Tom &amp;amp; Jerry &amp;amp;lt;3 &amp;quot;quoted&amp;quot;</p>';
const ONCE = '<p>&lt; You have been chosen &gt; Tom &amp; Jerry &lt;3 &quot;quoted&quot;</p>';

describe('descriptions are decoded exactly once', () => {
  it('a list excerpt escaped twice is stored escaped once', () => {
    const html = page('list-rising-stars-1item.html').replace(FIRST_LINE, TWICE);
    const [item] = parseListPage(html);
    expect(item?.description).toContain(ONCE);
    expect(item?.description).not.toMatch(/&amp;(lt|gt|amp|quot);/);
  });

  it("a fiction's own page escaped twice is stored escaped once", () => {
    const html = page('fiction-192682.html').replace(FIRST_LINE, TWICE);
    const fiction = parseFictionPage(html, { expectedId: 192682 });
    expect(fiction.description).toContain(ONCE);
  });

  it('leaves text escaped once, tags and link addresses as they are', () => {
    const html = '<p>Fish &amp; chips &lt;3 <a href="https://example.com/?a=1&amp;amp;b=2">here</a></p>';
    expect(undoDoubleEscapes(html)).toBe(html);
    expect(undoDoubleEscapes(undoDoubleEscapes(`<p>&amp;${'amp;'.repeat(2)}lt;</p>`))).toBe('<p>&lt;</p>');
  });
});

import { describe, expect, it } from 'vitest';
import { descriptionPreview } from './favorite-card.ts';

describe('descriptionPreview', () => {
  it('turns markup into plain text, blocks into spaces, entities into characters', () => {
    expect(descriptionPreview('<p>One&nbsp;&amp; two</p><p>three<br>four</p>')).toBe('One & two three four');
  });

  it('keeps a short text whole and gives nothing for no description', () => {
    expect(descriptionPreview('<p>Short.</p>')).toBe('Short.');
    expect(descriptionPreview(null)).toBeNull();
    expect(descriptionPreview('')).toBeNull();
    expect(descriptionPreview('<p> </p><br>')).toBeNull();
  });

  it('cuts a long text before the word the limit falls in, ending in an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`;
    const preview = descriptionPreview(`<p>${text}</p>`, 23) as string;
    expect(preview).toBe('word word word word…');
    expect(preview.length).toBeLessThanOrEqual(24);
  });

  it('cuts a single long word where the limit falls', () => {
    expect(descriptionPreview('a'.repeat(50), 10)).toBe(`${'a'.repeat(10)}…`);
  });

  it('leaves markup-like text that was escaped as text', () => {
    expect(descriptionPreview('<p>x &lt;3 y</p>')).toBe('x <3 y');
  });
});

import { describe, expect, it } from 'vitest';
import { compareGenres, GENRES } from './genres.ts';

describe('the order of the lists', () => {
  it('puts main first, then every label as an English collator orders it', () => {
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    const labels = GENRES.slice(1).map((genre) => genre.label);
    expect(GENRES[0]?.slug).toBe('main');
    expect(labels).toEqual([...labels].sort((a, b) => collator.compare(a, b)));
  });

  it('orders slugs the same way, unknown ones by their words', () => {
    const slugs = ['war_and_military', 'main', 'action', 'Time Travel', 'sci_fi', 'zz-unknown', 'a-unknown'];
    const labelled = [...slugs].sort(compareGenres);
    expect(labelled[0]).toBe('main');
    expect(labelled).toEqual([
      'main',
      'a-unknown',
      'action',
      'sci_fi',
      'Time Travel',
      'war_and_military',
      'zz-unknown',
    ]);
  });
});

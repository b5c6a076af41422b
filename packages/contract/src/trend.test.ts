import { describe, expect, it } from 'vitest';
import { compareGenres } from './genres.ts';
import { trendOf } from './trend.ts';

describe('trend (SPEC §3)', () => {
  it('is up for a lower position number, down for a higher one, flat for the same', () => {
    expect(trendOf(3, 7)).toBe('up');
    expect(trendOf(7, 3)).toBe('down');
    expect(trendOf(5, 5)).toBe('flat');
  });

  it('counts a single record as up', () => {
    expect(trendOf(12, null)).toBe('up');
    expect(trendOf(12, undefined)).toBe('up');
  });

  it('lists genres main first, then alphabetically by label', () => {
    expect(['sci_fi', 'fantasy', 'main', 'action', 'one_shot', 'litrpg'].sort(compareGenres)).toEqual([
      'main',
      'action',
      'fantasy',
      'litrpg',
      'sci_fi',
      'one_shot',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { fictionPath, titleSlug } from './slug.ts';

describe('title slug', () => {
  it.each([
    [
      'Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]',
      'reborn_as_a_demonic_rock_monster_evolution_litrpg_religion_building',
    ],
    ['Mother of Learning', 'mother_of_learning'],
    ['  Spaces -- and - hyphens  ', 'spaces_and_hyphens'],
    ["The Wandering Inn: Volume 1 — Erin's Story!", 'the_wandering_inn_volume_1_erins_story'],
    ['Ünïcödé Çafé 2', 'ünïcödé_çafé_2'],
    ['魔法の書', '魔法の書'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(titleSlug(title)).toBe(slug);
  });

  it('builds fiction paths with the slug, or without one when the title gives none', () => {
    expect(fictionPath(192682, 'Mother of Learning')).toBe('/fiction/192682/mother_of_learning');
    expect(fictionPath(5, '!!!')).toBe('/fiction/5');
    expect(fictionPath(5)).toBe('/fiction/5');
  });
});

import { GENRE_SLUGS } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, generateSite } from './generate.ts';
import { POPULAR_LISTS } from './model.ts';
import { FakeSite } from './site.ts';

describe('FakeSite', () => {
  const site = new FakeSite();

  it('is the same site on every run, and another seed gives another site', () => {
    // generateSite itself, twice: FakeSite copies one cached generation, which would prove nothing.
    const once = generateSite(DEFAULT_SEED);
    const twice = generateSite(DEFAULT_SEED);
    expect(JSON.stringify([...twice.fictions.values()])).toBe(JSON.stringify([...once.fictions.values()]));
    expect([...twice.risingStars]).toEqual([...once.risingStars]);
    expect(JSON.stringify(site.fictions())).toBe(JSON.stringify([...once.fictions.values()]));
    expect(new FakeSite({ seed: 7 }).risingStars('main')).not.toEqual(site.risingStars('main'));
  });

  it('holds about 240 fictions with distinct 5- or 6-digit ids and consistent counters', () => {
    const fictions = site.fictions();
    expect(fictions).toHaveLength(240);
    expect(new Set(fictions.map((fiction) => fiction.id)).size).toBe(240);
    for (const fiction of fictions) {
      expect(fiction.id).toBeGreaterThanOrEqual(10_000);
      expect(fiction.id).toBeLessThan(1_000_000);
      expect(fiction.chapters.length).toBeGreaterThan(0);
      const { totalViews, averageViews } = fiction.stats;
      expect(Math.abs((averageViews ?? 0) - (totalViews ?? 0) / fiction.chapters.length)).toBeLessThanOrEqual(
        1,
      );
      const dates = fiction.chapters.map((chapter) => chapter.publishedAt);
      expect([...dates].sort()).toEqual(dates);
    }
  });

  it('has 50 existing, distinct, correctly tagged fictions in every Rising Stars list', () => {
    for (const genre of GENRE_SLUGS) {
      const ids = site.risingStars(genre) ?? [];
      expect(ids, genre).toHaveLength(50);
      expect(new Set(ids).size, genre).toBe(50);
      for (const id of ids) {
        const fiction = site.fiction(id);
        expect(fiction, `${genre} ${id}`).toBeDefined();
        if (genre !== 'main') expect(fiction?.tags.map((tag) => tag.slug)).toContain(genre);
      }
    }
    expect(site.risingStars('no-such-genre')).toBeUndefined();
  });

  it('ranks the top of main high in several genre lists, as on the real site', () => {
    const genres = GENRE_SLUGS.filter((genre) => genre !== 'main');
    for (const id of site.risingStars('main')?.slice(0, 10) ?? []) {
      const highIn = genres.filter((genre) => (site.risingStars(genre) ?? []).slice(0, 10).includes(id));
      expect(highIn.length, String(id)).toBeGreaterThanOrEqual(3);
    }
  });

  it('has 20 fictions in each popular list', () => {
    for (const list of POPULAR_LISTS) expect(site.popular(list), list).toHaveLength(20);
  });

  it('carries fiction 192682 with the values of the saved real page', () => {
    const fiction = site.fiction(192682);
    expect(fiction).toMatchObject({
      title: 'Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]',
      authorName: 'Roobit',
      authorId: 1073541,
      type: 'Original',
      status: 'ONGOING',
      warnings: ['Graphic Violence'],
      scores: { overall: 4.52, style: 4.8, story: 4.7, grammar: 4.9, character: 4.9 },
      stats: {
        followers: 3303,
        favorites: 565,
        ratings: 273,
        pages: 258,
        totalViews: 216070,
        averageViews: 8003,
      },
    });
    expect(fiction?.tags).toHaveLength(17);
    expect(fiction?.chapters).toHaveLength(27);
    expect(fiction?.chapters.at(-1)).toMatchObject({ id: 4084884, publishedAt: '2026-10-07T19:34:06Z' });
    expect(site.risingStars('main')?.[0]).toBe(192682);
    expect(site.fictionsBy(1073541).map((other) => other.id)).toContain(192682);
  });

  it('changes between requests and resets to the generated content', () => {
    const changing = new FakeSite();
    changing.setStats(192682, { followers: 4000, favorites: null });
    expect(changing.fiction(192682)?.stats).toMatchObject({ followers: 4000, favorites: null, pages: 258 });
    expect(() => changing.setStats(192682, { followers: -1 })).toThrow(/non-negative/);
    expect(() => changing.setStats(1, { followers: 1 })).toThrow(/no fiction 1/);

    const added = changing.addFiction({ title: 'A Brand New Story', authorName: 'Newcomer' });
    expect(changing.fiction(added.id)).toBe(added);
    expect(added).toMatchObject({ slug: 'a-brand-new-story', status: 'ONGOING' });
    expect(changing.fictionsBy(added.authorId)).toEqual([added]);
    expect(() => changing.addFiction({ id: 192682 })).toThrow(/already exists/);

    changing.setRisingStars('main', [added.id, 192682]);
    expect(changing.risingStars('main')).toEqual([added.id, 192682]);
    expect(() => changing.setRisingStars('main', [1])).toThrow(/no fiction 1/);
    expect(() => changing.setRisingStars('main', [192682, 192682])).toThrow(/twice/);

    const inFantasy = changing.risingStars('fantasy')?.[0] ?? 0;
    expect(changing.removeFiction(inFantasy)).toBe(true);
    expect(changing.fiction(inFantasy)).toBeUndefined();
    expect(changing.risingStars('fantasy')).not.toContain(inFantasy);

    changing.reset();
    expect(JSON.stringify(changing.fictions())).toBe(JSON.stringify(site.fictions()));
    expect(changing.risingStars('main')).toEqual(site.risingStars('main'));
  });
});

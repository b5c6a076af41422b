import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRoyalRoadError } from '../errors.ts';
import { parseFictionPage } from './fiction.ts';

const page = (name: string) => readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8');

describe('fiction page parser on the saved page of fiction 192682', () => {
  const fiction = parseFictionPage(page('fiction-192682.html'));

  it('reads the header', () => {
    expect(fiction.royalroadId).toBe(192682);
    expect(fiction.title).toBe('Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]');
    expect(fiction.authorName).toBe('Roobit');
    expect(fiction.authorId).toBe(1073541);
    expect(fiction.imageUrl).toBe(
      'https://www.royalroadcdn.com/public/covers-large/192682-reborn-as-a-demonic-rock-monster-evolution.jpg?time=1791318854',
    );
    expect(fiction.type).toBe('Original');
    expect(fiction.status).toBe('ONGOING');
  });

  it('reads all 17 tags with their slugs, and the warning', () => {
    expect(fiction.tags).toHaveLength(17);
    expect(fiction.tags[0]).toEqual({ slug: 'litrpg', label: 'LitRPG' });
    expect(fiction.tags[1]).toEqual({ slug: 'summoned_hero', label: 'Portal Fantasy / Isekai' });
    expect(fiction.tags.at(-1)).toEqual({ slug: 'strong_lead', label: 'Strong Lead' });
    expect(fiction.tags.map((tag) => tag.label)).toContain('Non-Humanoid Lead');
    expect(fiction.warnings).toEqual(['Graphic Violence']);
  });

  it('reads the five scores and every counter', () => {
    expect(fiction.scores).toEqual({ overall: 4.52, style: 4.8, story: 4.7, grammar: 4.9, character: 4.9 });
    expect(fiction.stats).toEqual({
      followers: 3303,
      favorites: 565,
      ratings: 273,
      pages: 258,
      totalViews: 216070,
      averageViews: 8003,
    });
  });

  it('reads a sanitized description', () => {
    expect(fiction.description).toMatch(
      /^<p><strong>Alice is about to speedrun from \[Ordinary Rock\] to \[God\]/,
    );
    expect(fiction.description).toContain('<p>She chose to become a rock.</p>');
    expect(fiction.description).toContain('<p>- Monday, Wednesday, Friday</p>');
    expect(fiction.description).not.toMatch(/<input|<label/);
  });

  it('reads the 27 chapters with their ids, titles and dates', () => {
    expect(fiction.chapterCount).toBe(27);
    expect(fiction.chapters.map((chapter) => [chapter.id, chapter.publishedAt])).toEqual([
      [3966586, '2026-09-16T09:22:52.000Z'],
      [3966591, '2026-09-16T09:28:19.000Z'],
      [3966598, '2026-09-16T09:32:31.000Z'],
      [3966605, '2026-09-16T09:39:57.000Z'],
      [3966694, '2026-09-16T10:00:22.000Z'],
      [3966755, '2026-09-16T10:28:13.000Z'],
      [3966808, '2026-09-16T10:58:14.000Z'],
      [3966916, '2026-09-16T11:28:14.000Z'],
      [3966986, '2026-09-16T11:58:14.000Z'],
      [3966987, '2026-09-16T11:58:14.000Z'],
      [3973543, '2026-09-17T19:34:02.000Z'],
      [3978968, '2026-09-18T19:34:15.000Z'],
      [3983804, '2026-09-19T19:34:06.000Z'],
      [3988426, '2026-09-20T19:34:01.000Z'],
      [3993758, '2026-09-21T19:34:01.000Z'],
      [3998978, '2026-09-22T19:34:09.000Z'],
      [4004296, '2026-09-23T19:34:09.000Z'],
      [4008918, '2026-09-24T19:34:09.000Z'],
      [4014101, '2026-09-25T19:34:10.000Z'],
      [4018854, '2026-09-26T19:34:07.000Z'],
      [4023680, '2026-09-27T19:34:14.000Z'],
      [4029004, '2026-09-28T19:34:00.000Z'],
      [4034105, '2026-09-29T19:34:07.000Z'],
      [4039319, '2026-09-30T19:34:04.000Z'],
      [4049778, '2026-10-02T19:34:03.000Z'],
      [4064571, '2026-10-05T21:40:02.000Z'],
      [4084884, '2026-10-07T19:34:06.000Z'],
    ]);
    expect(fiction.chapters[0]?.title).toBe('Chapter 01: Buying New Shoes and Dying?!');
    expect(fiction.chapters[26]?.title).toBe(
      'Chapter 27: Condemning an Unbeliever’s Soul to Eternal Punishment… as a Rock?!',
    );
    expect(fiction.chapters[0]?.url).toBe(
      'https://www.royalroad.com/fiction/192682/reborn-as-a-demonic-rock-monster-evolution-litrpg/chapter/3966586/chapter-01-buying-new-shoes-and-dying',
    );
  });
});

describe('fiction page parser on variations', () => {
  const original = page('fiction-192682.html');

  it('leaves a statistic the page does not show as null, not 0', () => {
    const withoutFavorites = original.replace(
      /<li class="bold uppercase">Favorites :<\/li>\s*<li class="bold uppercase font-red-sunglo">565<\/li>/,
      '',
    );
    const fiction = parseFictionPage(withoutFavorites);
    expect(fiction.stats.favorites).toBeNull();
    expect(fiction.stats.followers).toBe(3303);
  });

  it('prefers the precise overall score of the books:rating:value meta tag', () => {
    const withMeta = original.replace(
      '<head></head>',
      '<head><meta property="books:rating:value" content="4.5562"></head>',
    );
    expect(parseFictionPage(withMeta).scores.overall).toBe(4.5562);
  });

  it('takes every chapter from window.chapters when the table shows only the latest', () => {
    const chapters = Array.from({ length: 40 }, (_, index) => ({
      id: 1000 + index,
      title: `Chapter ${index + 1}`,
      date: `2026-08-${String((index % 28) + 1).padStart(2, '0')}T10:00:00Z`,
      url: `/fiction/192682/x/chapter/${1000 + index}/chapter-${index + 1}`,
    }));
    const withScript = original.replace(
      '<head></head>',
      `<head><script>window.fictionId = 192682; window.chapters = ${JSON.stringify(chapters)};</script></head>`,
    );
    const fiction = parseFictionPage(withScript);
    expect(fiction.chapterCount).toBe(40);
    expect(fiction.chapters[39]).toEqual({
      id: 1039,
      title: 'Chapter 40',
      url: 'https://www.royalroad.com/fiction/192682/x/chapter/1039/chapter-40',
      publishedAt: '2026-08-12T10:00:00.000Z',
    });
  });

  it('refuses a page without a title, writing nothing', () => {
    const broken = original.replace(/<h1 class="font-white">[^<]*<\/h1>/, '<h1 class="font-white"></h1>');
    expect(() => parseFictionPage(broken)).toThrowError(/no title/);
    try {
      parseFictionPage(broken);
    } catch (error) {
      expect(isRoyalRoadError(error, 'parse')).toBe(true);
    }
  });
});

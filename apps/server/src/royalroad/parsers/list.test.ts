import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseListPage } from './list.ts';

const page = (name: string) => readFileSync(new URL(`../testdata/${name}`, import.meta.url), 'utf8');

describe('list page parser', () => {
  it('reads the saved one-item Rising Stars page, whose description div is left unclosed', () => {
    const [item, ...rest] = parseListPage(page('list-rising-stars-1item.html'));
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      position: 1,
      royalroadId: 192682,
      title: 'Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]',
      imageUrl:
        'https://www.royalroadcdn.com/public/covers-large/192682-reborn-as-a-demonic-rock-monster-evolution.jpg?time=1791318854',
      type: 'Original',
      status: 'ONGOING',
      followers: 3303,
      rating: 4.52,
      pages: 258,
      views: 216070,
      chapters: 27,
      lastUpdate: '2026-10-07T19:34:06.000Z',
    });
    expect(item?.tags).toHaveLength(17);
    expect(item?.description).toContain('She chose to become a rock.');
  });

  it('refuses a page with no list items', () => {
    expect(() => parseListPage('<html><body><div class="fiction-list"></div></body></html>')).toThrowError(
      /no fictions/,
    );
  });
});

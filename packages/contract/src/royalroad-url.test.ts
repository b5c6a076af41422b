import { describe, expect, it } from 'vitest';
import { royalroadFictionId } from './royalroad-url.ts';

describe('Royal Road fiction links', () => {
  it.each([
    ['https://www.royalroad.com/fiction/192682/reborn-as-a-demonic-rock', 192682],
    ['https://royalroad.com/fiction/192682', 192682],
    ['http://www.royalroad.com/fiction/192682/', 192682],
    ['https://www.royalroad.com/fiction/192682/slug?utm_source=x#toc', 192682],
    [
      'https://WWW.RoyalRoad.com/fiction/21220/mother-of-learning/chapter/301778/1-good-morning-brother',
      21220,
    ],
    ['  192682  ', 192682],
  ])('accepts %s', (input, id) => {
    expect(royalroadFictionId(input)).toBe(id);
  });

  it.each([
    'javascript:alert(1)',
    'https://evil.example.com/fiction/192682',
    'https://royalroad.com.evil.example/fiction/192682',
    'https://www.royalroad.com:8443/fiction/192682',
    'https://user:pw@www.royalroad.com/fiction/192682',
    'https://www.royalroad.com/fictions/rising-stars',
    'https://www.royalroad.com/fiction/abc',
    'ftp://www.royalroad.com/fiction/1',
    'file:///etc/passwd',
    'http://127.0.0.1/fiction/1',
    '0',
    '99999999999',
    '',
    'royalroad.com/fiction/1',
  ])('refuses %s', (input) => {
    expect(royalroadFictionId(input)).toBeNull();
  });
});

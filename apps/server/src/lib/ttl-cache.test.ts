import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('loads once for callers that arrive together, and again once the value expired', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new TtlCache<number>({ ttlMs: 1_000, now: () => clock });
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1_001;
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps its total weight under the bound, dropping the oldest first', async () => {
    const cache = new TtlCache<number[]>({ ttlMs: 60_000, maxWeight: 10, weigh: (rows) => rows.length });
    const rows = (count: number) => async () => Array.from({ length: count }, (_, index) => index);
    await cache.get('a', rows(4));
    await cache.get('b', rows(4));
    expect(cache.heldWeight).toBe(8);
    await cache.get('c', rows(4));
    expect(cache.heldWeight).toBe(8);

    // 'a' was dropped: asking again loads it; 'c' is still there.
    let reloaded = false;
    await cache.get('a', async () => {
      reloaded = true;
      return [1];
    });
    expect(reloaded).toBe(true);
    expect(await cache.get('c', async () => [])).toHaveLength(4);
  });

  it('returns a value heavier than the whole bound without keeping it', async () => {
    const cache = new TtlCache<number[]>({ ttlMs: 60_000, maxWeight: 10, weigh: (rows) => rows.length });
    await cache.get('small', async () => [1, 2]);
    expect(await cache.get('huge', async () => new Array(11).fill(0))).toHaveLength(11);
    expect(cache.heldWeight).toBe(2);
    let loads = 0;
    await cache.get('huge', async () => {
      loads += 1;
      return [];
    });
    expect(loads).toBe(1);
  });

  it('holds at most maxEntries values', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.heldWeight).toBe(2);
    let loads = 0;
    await cache.get('a', async () => {
      loads += 1;
      return 'again';
    });
    expect(loads).toBe(1);
  });

  it('forgets a key, and keeps nothing a load read before it was told to forget', async () => {
    let version = 1;
    const cache = new TtlCache<number>({ ttlMs: 60_000 });
    expect(await cache.get('a', async () => version)).toBe(1);
    version = 2;
    expect(await cache.get('a', async () => version)).toBe(1);
    cache.delete('a');
    expect(await cache.get('a', async () => version)).toBe(2);

    // A load under way when the change is told: its caller gets what it read, the next caller reads anew.
    let release = (_value: number) => {};
    const slow = cache.get('b', () => new Promise<number>((resolve) => (release = resolve)));
    cache.deleteWhere((key) => key === 'b');
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.get('b', async () => 3)).toBe(3);
  });

  it('reads and keeps nothing while it is not usable', async () => {
    let usable = true;
    let loads = 0;
    const cache = new TtlCache<number>({ ttlMs: 60_000, usable: () => usable });
    const load = async () => ++loads;
    await cache.get('a', load);
    usable = false;
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(3);
    usable = true;
    expect(await cache.get('a', load)).toBe(1);
    cache.clear();
    expect(await cache.get('a', load)).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { memoryLimiterStore } from './limiter-store.ts';

describe('limits counted in memory', () => {
  it('hold at most maxKeys keys: lapsed windows go first, then the oldest', async () => {
    let now = 0;
    const limit = memoryLimiterStore({ maxKeys: 3 }).limit({
      name: 'test',
      limit: 1,
      windowMs: 60_000,
      now: () => now,
    });
    for (const key of ['a', 'b', 'c']) expect(await limit.take(key)).toEqual({ ok: true });
    now = 30_000;
    // 'a' is forgotten to make room for 'd': it is admitted again, while 'd' is still counted.
    expect(await limit.take('d')).toEqual({ ok: true });
    expect(await limit.take('a')).toEqual({ ok: true });
    expect((await limit.take('d')).ok).toBe(false);
    expect(await limit.take('c')).toEqual({ ok: false, retryAfterMs: 30_000 });
  });

  it('answer what the plugin of per-route limits needs: the count so far and the time left', async () => {
    let now = 0;
    const limit = memoryLimiterStore().limit({ name: 'route', limit: 2, windowMs: 10_000, now: () => now });
    expect(await limit.hit('k')).toEqual({ count: 1, resetInMs: 10_000 });
    now = 4_000;
    expect(await limit.hit('k')).toEqual({ count: 2, resetInMs: 6_000 });
    expect(await limit.hit('k')).toEqual({ count: 3, resetInMs: 6_000 });
    now = 10_000;
    expect(await limit.hit('k')).toEqual({ count: 1, resetInMs: 10_000 });
  });
});

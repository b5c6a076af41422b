import { describe, expect, it } from 'vitest';
import { SlidingWindowLimit } from './sliding-window-limit.ts';

describe('sliding window limit', () => {
  it('admits up to the limit per key within the window, then says how long until one ages out', () => {
    let now = 1_000_000;
    const limit = new SlidingWindowLimit({ limit: 2, windowMs: 60_000, now: () => now });
    expect(limit.take('a')).toEqual({ ok: true });
    now += 10_000;
    expect(limit.take('a')).toEqual({ ok: true });
    expect(limit.take('a')).toEqual({ ok: false, retryAfterMs: 50_000 });
    expect(limit.take('b')).toEqual({ ok: true });
    now += 50_001;
    expect(limit.take('a')).toEqual({ ok: true });
  });

  it('holds at most maxKeys keys, forgetting the oldest first', () => {
    const limit = new SlidingWindowLimit({ limit: 1, windowMs: 60_000, maxKeys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) expect(limit.take(key)).toEqual({ ok: true });
    expect(limit.size).toBe(3);
    // 'a' was forgotten, so it is admitted again; 'd' is still counted.
    expect(limit.take('a')).toEqual({ ok: true });
    expect(limit.take('d').ok).toBe(false);
  });
});

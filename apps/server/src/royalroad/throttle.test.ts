import { describe, expect, it } from 'vitest';
import { Throttle } from './throttle.ts';

describe('throttle', () => {
  it('runs one task at a time, each starting at least the interval after the previous ended', async () => {
    const throttle = new Throttle(40);
    const events: Array<{ task: number; start: number; end: number }> = [];
    let running = 0;
    let overlap = false;
    await Promise.all(
      [0, 1, 2, 3].map((task) =>
        throttle.run(async () => {
          running++;
          if (running > 1) overlap = true;
          const start = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          events.push({ task, start, end: performance.now() });
        }),
      ),
    );
    expect(overlap).toBe(false);
    expect(events.map((event) => event.task)).toEqual([0, 1, 2, 3]);
    for (let i = 1; i < events.length; i++) {
      const gap = (events[i]?.start ?? 0) - (events[i - 1]?.end ?? 0);
      expect(gap).toBeGreaterThanOrEqual(39);
    }
  });

  it('goes on after a failed task', async () => {
    const throttle = new Throttle(0);
    await expect(throttle.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(throttle.run(async () => 'next')).resolves.toBe('next');
  });
});

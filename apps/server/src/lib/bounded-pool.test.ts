import { describe, expect, it } from 'vitest';
import { BoundedPool, PoolFullError } from './bounded-pool.ts';

/** A task that runs until `finish` is called, recording when it started. */
function gate(started: string[], name: string) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: (error: Error) => fail(error),
  };
}

/** A few turns of the event loop: what a task freed has been handed over and the next task started. */
const turn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('BoundedPool', () => {
  it('runs at most its concurrency at once, the rest in the order they came', async () => {
    const pool = new BoundedPool({ concurrency: 2, maxWaiting: 3 });
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(started, name));
    const results = tasks.map((task) => pool.run(task.task));
    await turn();
    expect(started).toEqual(['a', 'b']);
    expect([pool.running, pool.queued]).toEqual([2, 3]);

    tasks[1]?.finish();
    await turn();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks[0]?.finish();
    tasks[2]?.finish();
    await turn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([pool.running, pool.queued]).toEqual([2, 0]);
    tasks[3]?.finish();
    tasks[4]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([pool.running, pool.queued]).toEqual([0, 0]);
  });

  it('refuses a task at once, without running it, when its queue is full', async () => {
    const pool = new BoundedPool({ concurrency: 1, maxWaiting: 1 });
    const started: string[] = [];
    const first = gate(started, 'first');
    const second = gate(started, 'second');
    const running = pool.run(first.task);
    const waiting = pool.run(second.task);
    let ran = false;
    await expect(
      pool.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(PoolFullError);
    expect(ran).toBe(false);

    // A slot freed makes room again.
    first.finish();
    await running;
    const third = pool.run(async () => 'third');
    second.finish();
    expect(await waiting).toBe('second');
    expect(await third).toBe('third');
  });

  it('starts each task on a later turn of the event loop, never straight after the one before it', async () => {
    const pool = new BoundedPool({ concurrency: 1, maxWaiting: 1 });
    const events: string[] = [];
    const first = pool.run(async () => {
      events.push('first');
      setImmediate(() => events.push('a turn of the loop'));
    });
    const second = pool.run(async () => {
      events.push('second');
    });
    events.push('both asked');
    await Promise.all([first, second]);
    expect(events).toEqual(['both asked', 'first', 'a turn of the loop', 'second']);
  });

  it('frees the slot of a task that failed', async () => {
    const pool = new BoundedPool({ concurrency: 1, maxWaiting: 0 });
    const started: string[] = [];
    const failing = gate(started, 'failing');
    const result = pool.run(failing.task);
    await expect(pool.run(async () => 'refused')).rejects.toBeInstanceOf(PoolFullError);
    await turn();
    expect(started).toEqual(['failing']);
    failing.fail(new Error('broken'));
    await expect(result).rejects.toThrow('broken');
    expect(await pool.run(async () => 'next')).toBe('next');
    expect(pool.running).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { isRoyalRoadError } from './errors.ts';
import { INTERACTIVE, RequestQueues, SCHEDULED, type Ticket } from './request-queues.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs requests through `queues`, noting when each started and ended and whether two ever overlapped. */
function recorder(queues: RequestQueues) {
  const events: Array<{ name: string; start: number; end: number }> = [];
  let running = 0;
  let overlapped = false;
  const request = (name: string, ticket: Ticket, durationMs = 2) =>
    queues.run(async () => {
      running++;
      if (running > 1) overlapped = true;
      const start = performance.now();
      await pause(durationMs);
      running--;
      events.push({ name, start, end: performance.now() });
      return name;
    }, ticket);
  return {
    request,
    order: () => events.map((event) => event.name),
    events,
    overlapped: () => overlapped,
  };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isRoyalRoadError(error)) return error;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

describe('the two queues to Royal Road', () => {
  it('run one request at a time, each starting at least the interval after the previous ended, across both queues', async () => {
    const queues = new RequestQueues(40);
    const r = recorder(queues);
    await Promise.all([
      r.request('s1', SCHEDULED, 5),
      r.request('i1', INTERACTIVE, 5),
      r.request('s2', SCHEDULED, 5),
      r.request('i2', INTERACTIVE, 5),
    ]);
    expect(r.overlapped()).toBe(false);
    expect(r.events).toHaveLength(4);
    for (let i = 1; i < r.events.length; i++) {
      const gap = (r.events[i]?.start ?? 0) - (r.events[i - 1]?.end ?? 0);
      expect(gap).toBeGreaterThanOrEqual(39);
    }
  });

  it('go on after a failed request', async () => {
    const queues = new RequestQueues(0);
    await expect(queues.run(async () => Promise.reject(new Error('boom')), SCHEDULED)).rejects.toThrow(
      'boom',
    );
    await expect(queues.run(async () => 'next', INTERACTIVE)).resolves.toBe('next');
  });

  it('let a capture wait for the one interactive request under way, then keep every other one waiting until it ends', async () => {
    const queues = new RequestQueues(10);
    const r = recorder(queues);
    // A reader's request is under way when the capture starts; five more are waiting.
    const first = r.request('reader-1', INTERACTIVE, 30);
    await pause(5);
    const release = queues.hold();
    const others = [2, 3, 4, 5, 6].map((n) => r.request(`reader-${n}`, INTERACTIVE));
    // The capture stores each list between requests, longer than the interval: readers still wait.
    for (const list of ['main', 'action', 'fantasy']) {
      await r.request(list, SCHEDULED);
      await pause(25);
    }
    release();
    await Promise.all([first, ...others]);
    expect(r.order()).toEqual([
      'reader-1',
      'main',
      'action',
      'fantasy',
      'reader-2',
      'reader-3',
      'reader-4',
      'reader-5',
      'reader-6',
    ]);
  });

  it('take turns between scheduled work that is not a capture and waiting readers', async () => {
    const queues = new RequestQueues(5);
    const r = recorder(queues);
    await Promise.all([
      ...['f1', 'f2', 'f3'].map((name) => r.request(name, SCHEDULED)),
      ...['reader-1', 'reader-2'].map((name) => r.request(name, INTERACTIVE)),
    ]);
    expect(r.order()).toEqual(['f1', 'reader-1', 'f2', 'reader-2', 'f3']);
  });

  it('refuse an interactive request when 20 are waiting, and take one again once there is room', async () => {
    const queues = new RequestQueues(0);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const underWay = queues.run(() => gate, INTERACTIVE);
    const waiting = Array.from({ length: 20 }, () => queues.run(async () => 'done', INTERACTIVE));
    expect(queues.sizes.interactive).toBe(20);
    const refused = await refusal(queues.run(async () => 'too many', INTERACTIVE));
    expect(refused.kind).toBe('busy');
    expect(refused.message).toBe('Royal Road is busy right now. Please try again in a minute.');
    // Scheduled work is never refused.
    const scheduled = queues.run(async () => 'scheduled', SCHEDULED);
    open();
    await Promise.all([underWay, ...waiting, scheduled]);
    await expect(queues.run(async () => 'room again', INTERACTIVE)).resolves.toBe('room again');
  });

  it('let each reader and each address have only a few requests waiting or under way', async () => {
    const queues = new RequestQueues(0, { limits: { perUser: 2, perAddress: 3 } });
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const reader = { queue: 'interactive', requester: { userId: 7, address: '10.0.0.1' } } as const;
    const accepted = [queues.run(() => gate, reader), queues.run(() => gate, reader)];
    const third = await refusal(queues.run(() => gate, reader));
    expect(third.kind).toBe('limited');
    expect(third.message).toBe(
      'You already have 2 requests waiting for Royal Road. Please wait until they are done.',
    );
    // Another reader behind the same address still gets one in, then the address has its three.
    accepted.push(
      queues.run(() => gate, { queue: 'interactive', requester: { userId: 8, address: '10.0.0.1' } }),
    );
    const visitor = await refusal(
      queues.run(() => gate, { queue: 'interactive', requester: { address: '10.0.0.1' } }),
    );
    expect(visitor.message).toBe(
      '3 requests from your address are already waiting for Royal Road. Please wait until they are done.',
    );
    // Someone elsewhere is not affected.
    accepted.push(queues.run(() => gate, { queue: 'interactive', requester: { address: '10.0.0.2' } }));
    open();
    await Promise.all(accepted);
    await expect(queues.run(async () => 'again', reader)).resolves.toBe('again');
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { callWebhook, pinnedLookup } from './webhook-call.ts';

// A receiver on loopback: what a name that turns to 127.0.0.1 after its check would reach.
let server: Server | undefined;
const hits: IncomingHttpHeaders[] = [];
afterEach(async () => {
  hits.splice(0);
  const closing = server;
  server = undefined;
  closing?.closeAllConnections();
  if (closing) await new Promise((resolve) => closing.close(resolve));
});

async function loopbackReceiver(): Promise<number> {
  server = createServer((request, response) => {
    hits.push(request.headers);
    request.resume();
    response.end('ok');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A resolver that answers each call with the next list, and counts its calls. */
function answering(...answers: string[][]) {
  const resolve = async () => {
    resolve.calls++;
    return answers[Math.min(resolve.calls - 1, answers.length - 1)] ?? [];
  };
  resolve.calls = 0;
  return resolve;
}

const request = (timeoutMs: number) => ({
  headers: { 'content-type': 'application/json' },
  body: '{"id":"test_1"}',
  signal: AbortSignal.timeout(timeoutMs),
});

describe('a webhook call', () => {
  it('connects to the address it checked: a name answering public, then loopback, never reaches loopback', async () => {
    const port = await loopbackReceiver();
    const resolve = answering(['93.184.216.34'], ['127.0.0.1']);
    const call = callWebhook(
      `http://hooks.example:${port}/hook`,
      { allowPrivate: false, httpsOnly: false, resolve },
      request(300),
    );
    // The public address does not answer here: the call fails (or times out), it never goes to loopback.
    await expect(call).rejects.toThrow();
    expect(hits).toHaveLength(0);
    expect(resolve.calls).toBe(1);
  });

  it('keeps the name in the Host header while connecting to the address checked', async () => {
    const port = await loopbackReceiver();
    const resolve = answering(['127.0.0.1'], ['10.255.255.1']);
    const call = await callWebhook(
      `http://hooks.example:${port}/hook`,
      { allowPrivate: true, httpsOnly: false, resolve },
      request(5_000),
    );
    expect(call).toEqual({ problem: null, status: 200 });
    expect(hits).toHaveLength(1);
    expect(hits[0]?.host).toBe(`hooks.example:${port}`);
    expect(resolve.calls).toBe(1);
  });

  it('refuses a name whose one answer is an IPv6 form of loopback, without calling', async () => {
    const port = await loopbackReceiver();
    const call = await callWebhook(
      `http://hooks.example:${port}/hook`,
      { allowPrivate: false, httpsOnly: false, resolve: answering(['64:ff9b::7f00:1']) },
      request(1_000),
    );
    expect(call).toEqual({ problem: 'private' });
    expect(hits).toHaveLength(0);
  });

  it('answers every lookup with the pinned address, one or all', () => {
    const lookup = pinnedLookup('93.184.216.34', 4);
    const one = new Promise((resolve) =>
      lookup('elsewhere.example', {}, (_error, address, family) => resolve({ address, family })),
    );
    const all = new Promise((resolve) =>
      lookup('elsewhere.example', { all: true }, (_error, addresses) => resolve(addresses)),
    );
    return Promise.all([
      expect(one).resolves.toEqual({ address: '93.184.216.34', family: 4 }),
      expect(all).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]),
    ]);
  });
});

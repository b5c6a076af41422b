// A local receiver of webhook calls for tests: keeps every call, answers the statuses it is told to.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeForFile } from './hooks.ts';

export interface ReceivedCall {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: unknown;
}

export interface WebhookReceiver {
  url: string;
  calls: ReceivedCall[];
  /** The statuses of the next calls, in order; 200 once they are used up. */
  answer(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  let statuses: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      calls.push({ headers: request.headers, body, json });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    answer(...next: number[]) {
      statuses = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A receiver for the test file, emptied and answering 200 again before each test. */
export function webhookReceiverForFile(what: string): WebhookReceiver {
  return fakeForFile(what, startWebhookReceiver, (receiver) => {
    receiver.calls.splice(0);
    receiver.answer();
  });
}

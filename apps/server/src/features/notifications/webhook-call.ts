import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type Resolve, type WebhookTarget, webhookTarget } from './webhook-address.ts';

/** The longest answer read from a receiver; the rest is dropped with the connection. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A lookup that answers the one address already checked, whatever name it is asked. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/**
 * POSTs `body` to a checked target, connecting to its pinned address: the Host header and the TLS server
 * name stay the URL's host, so the certificate is checked against the name. Redirects are not followed.
 * Resolves with the status; rejects on a network failure, a timeout or an abort (`signal`).
 */
export function postToTarget(
  target: Extract<WebhookTarget, { problem: null }>,
  request: { headers: Record<string, string>; body: string; signal: AbortSignal },
): Promise<number> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinnedLookup(target.address, target.family),
        signal: request.signal,
        // One connection per call: a pooled socket could outlive the check it was made for.
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('error', () => {});
        response.on('close', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', (error) => reject(request.signal.aborted ? request.signal.reason : error));
    outgoing.end(request.body);
  });
}

export type WebhookCall =
  | { problem: Exclude<WebhookTarget['problem'], null> }
  | { problem: null; status: number };

/** Checks a webhook's address (one DNS lookup) and calls the address it checked. */
export async function callWebhook(
  value: string,
  options: { allowPrivate: boolean; httpsOnly: boolean; resolve?: Resolve },
  request: { headers: Record<string, string>; body: string; signal: AbortSignal },
): Promise<WebhookCall> {
  const target = await webhookTarget(value, options);
  if (target.problem !== null) return { problem: target.problem };
  return { problem: null, status: await postToTarget(target, request) };
}

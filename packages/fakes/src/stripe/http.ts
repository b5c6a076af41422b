// The HTTP plumbing the API and the control endpoints share: reading a request body, and sending a JSON
// answer with the headers api.stripe.com sends (request id, API version, CORS for Stripe.js).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FormError } from './form.ts';
import { newId } from './ids.ts';
import { API_VERSION } from './state.ts';

const MAX_BODY = 1_000_000;

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'Request-Id, Stripe-Manage-Version, Stripe-Should-Retry, X-Stripe-External-Auth-Required, X-Stripe-Privileged-Session-Required',
  'access-control-max-age': '300',
};

export interface JsonAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function sendJson(response: ServerResponse, answer: JsonAnswer): void {
  const body = Buffer.from(`${JSON.stringify(answer.body, null, 2)}\n`, 'utf8');
  response.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-cache, no-store',
    'request-id': newId('req'),
    'stripe-version': API_VERSION,
    ...CORS_HEADERS,
    ...answer.headers,
  });
  response.end(body);
}

/** A page (the customer portal's), or a redirect when `location` is set. */
export function sendHtml(
  response: ServerResponse,
  answer: { status: number; html?: string; location?: string },
) {
  const body = Buffer.from(answer.html ?? '', 'utf8');
  response.writeHead(answer.status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    ...(answer.location ? { location: answer.location } : {}),
  });
  response.end(body);
}

/** The whole body as text; past 1 MB it is refused (a FormError, so a 400). */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new FormError('The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

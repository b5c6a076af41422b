// Webhook delivery as Stripe does it: each event POSTed as JSON to the endpoint, signed in the
// `Stripe-Signature` header (`t=<unix>,v1=<HMAC-SHA256 of "<t>.<payload>">`), one at a time and in order.
import { createHmac } from 'node:crypto';
import type { Delivery, RecordedEvent } from './state.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

/** The `Stripe-Signature` header for `payload`, which `stripe.webhooks.constructEvent` accepts. */
export function signatureHeader(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export class WebhookQueue {
  private endpoint: WebhookEndpoint | undefined;
  private tail: Promise<void> = Promise.resolve();
  private readonly closing = new AbortController();

  configure(endpoint: WebhookEndpoint | undefined): void {
    this.endpoint = endpoint;
  }

  get configured(): WebhookEndpoint | undefined {
    return this.endpoint;
  }

  /** Queues `event` (sent with `payload`) for the endpoint set now; does nothing without one. */
  enqueue(event: RecordedEvent, payload: string): void {
    const endpoint = this.endpoint;
    if (!endpoint || this.closing.signal.aborted) return;
    this.tail = this.tail.then(() => this.deliver(event, payload, endpoint));
  }

  /** Resolves once every queued delivery has been answered or has failed. */
  idle(): Promise<void> {
    return this.tail;
  }

  close(): void {
    this.closing.abort();
  }

  private async deliver(event: RecordedEvent, payload: string, endpoint: WebhookEndpoint): Promise<void> {
    if (this.closing.signal.aborted) return;
    const delivery: Delivery = { at: 0, url: endpoint.url, status: null };
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        body: payload,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, endpoint.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          accept: '*/*; q=0.5, application/xml',
        },
        signal: AbortSignal.any([this.closing.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      delivery.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      delivery.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    delivery.at = Date.now();
    event.deliveries.push(delivery);
  }
}

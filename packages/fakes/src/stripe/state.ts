// Everything the fake Stripe account holds: its objects by id, and the events it has emitted. Events wait in
// `outbox` until the server has answered the request that caused them, then go out as webhooks.
import { newId, unixNow } from './ids.ts';
import type { ObjectKinds, StripeObject } from './objects.ts';

export const API_VERSION = '2026-10-28.endive';

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface Delivery {
  /** `Date.now()` when the delivery was answered (or failed). */
  at: number;
  url: string;
  /** The webhook endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  error?: string;
}

/** An emitted event plus the fake's record of its deliveries (`deliveries` is not part of the payload). */
export type RecordedEvent = StripeEvent & { deliveries: Delivery[] };

type Kind = keyof ObjectKinds;

export class StripeState {
  readonly objects = new Map<string, StripeObject>();
  readonly events: RecordedEvent[] = [];
  /** Events not yet handed to the webhook queue. */
  readonly outbox: RecordedEvent[] = [];
  /** The exact payload each event is (re)delivered with, by event id. */
  readonly payloads = new Map<string, string>();
  /** Told whether a webhook endpoint is set, for `pending_webhooks`. */
  hasWebhook: () => boolean = () => false;
  /** Where the fake listens (`http://127.0.0.1:{port}`): customer portal sessions open pages there. */
  baseUrl = '';
  /**
   * The customer portal's default configuration, as saved in the Dashboard's portal settings; null when it
   * was never saved, and then sessions without a `configuration` are refused.
   */
  portalConfiguration: string | null = newId('bpc');

  add<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  get<K extends Kind>(kind: K, id: string): ObjectKinds[K] | undefined {
    const found = this.objects.get(id);
    return found?.object === kind ? (found as ObjectKinds[K]) : undefined;
  }

  /** Objects of one kind, newest first (the order of Stripe's lists). */
  all<K extends Kind>(kind: K): ObjectKinds[K][] {
    const found: ObjectKinds[K][] = [];
    for (const object of this.objects.values())
      if (object.object === kind) found.push(object as ObjectKinds[K]);
    return found.reverse();
  }

  /** Records an event with a snapshot of `object`, to be delivered once the current answer is sent. */
  emit(type: string, object: object, previous?: Record<string, unknown>): RecordedEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: unixNow(),
      data: {
        object: structuredClone(object) as Record<string, unknown>,
        ...(previous && { previous_attributes: structuredClone(previous) }),
      },
      livemode: false,
      pending_webhooks: this.hasWebhook() ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.payloads.set(event.id, JSON.stringify(event, null, 2));
    const recorded: RecordedEvent = { ...event, deliveries: [] };
    this.events.push(recorded);
    this.outbox.push(recorded);
    return recorded;
  }

  reset(): void {
    this.portalConfiguration = newId('bpc');
    this.objects.clear();
    this.events.length = 0;
    this.outbox.length = 0;
    this.payloads.clear();
  }
}

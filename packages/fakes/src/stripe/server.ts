// A stand-in for api.stripe.com on localhost (node:http only): speaks the /v1/ API as the stripe SDK and
// Stripe.js use it, keeps the objects in memory, records every request, and sends signed webhooks once each
// answer is out. Point the SDK at `url` (`host`, `port`, `protocol: 'http'`); steer it through /__fake/.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AcceptedKeys } from './auth.ts';
import { CONTROL_PREFIX, handleControl } from './control.ts';
import { decodeForm, FormError } from './form.ts';
import { headerValue, type JsonAnswer, readBody, sendHtml, sendJson } from './http.ts';
import { newId } from './ids.ts';
import type { Invoice, Refund, Subscription } from './objects.ts';
import type { Params } from './params.ts';
import { answerPortalPage, PORTAL_PREFIX } from './portal-page.ts';
import { createRefund } from './refunds.ts';
import { answerApi } from './routes/index.ts';
import { type RecordedEvent, StripeState } from './state.ts';
import { findSubscription, renewSubscription as renew } from './subscriptions.ts';
import { WebhookQueue } from './webhooks.ts';

export type { Delivery, RecordedEvent, StripeEvent } from './state.ts';
export { API_VERSION } from './state.ts';
export { signatureHeader } from './webhooks.ts';

/**
 * The path of the Stripe.js stand-in (stripe-js.js) that browser tests serve in the real one's place. Built
 * without `URL`, which under jsdom is jsdom's own.
 */
export const STRIPE_JS_STAND_IN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stripe-js.js');

export interface RecordedRequest {
  method: string;
  /** pathname + search, as requested. */
  path: string;
  /** `Date.now()` when the request arrived. */
  at: number;
  /** The decoded query and form body, merged. */
  params: Params;
  /** Which kind of key the caller used; undefined when it was refused. */
  caller: 'secret' | 'publishable' | undefined;
  /** The HTTP status of the answer. */
  status: number;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  userAgent: string | undefined;
}

export interface FakeStripe {
  /** `http://127.0.0.1:{port}`, without a trailing slash. */
  url: string;
  state: StripeState;
  /** Every /v1/ request in arrival order (control requests excluded). Emptied in place by `reset()`. */
  requests: RecordedRequest[];
  /** Every event emitted, oldest first, each with its deliveries. Emptied in place by `reset()`. */
  events: RecordedEvent[];
  /** Emits an event of any type with a snapshot of `object` and delivers it like the others. */
  sendEvent(type: string, object: object): RecordedEvent;
  /** Sets (or with null, removes) the webhook endpoint that later events go to. */
  configureWebhook(url: string | null, secret?: string): void;
  /** Delivers an already emitted event again: same id, same payload, new signature timestamp. */
  resendEvent(id: string): RecordedEvent;
  /** Ends the subscription's current period now (see subscriptions.ts `renewSubscription`). */
  renewSubscription(
    id: string,
    paymentMethod?: string,
  ): { subscription: Subscription; invoice: Invoice | null };
  /** Refunds a succeeded PaymentIntent, all of it unless `amount` is given. */
  refund(paymentIntent: string, amount?: number): Refund;
  /**
   * Whether the customer portal's default configuration is saved (it is unless told otherwise); without it,
   * Stripe refuses portal sessions that name no configuration.
   */
  configurePortal(saved: boolean): void;
  /** Resolves once every webhook delivery queued so far has been answered (or has failed). */
  idle(): Promise<void>;
  /** Forgets every object, request and event; keeps the webhook endpoint and the keys. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeStripeOptions extends AcceptedKeys {
  /** 0 (the default) picks a free port. */
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const state = new StripeState();
  const webhooks = new WebhookQueue();
  const requests: RecordedRequest[] = [];
  const keys: AcceptedKeys = { secretKey: options.secretKey, publishableKey: options.publishableKey };
  /** Answers kept by idempotency key, replayed when a POST comes again with the same key. */
  const idempotent = new Map<string, { fingerprint: string; answer: JsonAnswer }>();
  state.hasWebhook = () => webhooks.configured !== undefined;

  /** Hands the events emitted so far to the webhook queue. */
  const flush = () => {
    for (const event of state.outbox.splice(0)) webhooks.enqueue(event, state.payloads.get(event.id) ?? '');
  };

  const configureWebhook = (url: string | null, secret?: string) => {
    if (url === null) return webhooks.configure(undefined);
    if (!secret) throw new Error('a webhook endpoint needs its signing secret (whsec_…)');
    new URL(url); // throws on a malformed URL
    webhooks.configure({ url, secret });
  };
  if (options.webhookUrl) configureWebhook(options.webhookUrl, options.webhookSecret);

  const answerApiRequest = async (
    request: IncomingMessage,
    url: URL,
    method: string,
  ): Promise<JsonAnswer> => {
    const record: RecordedRequest = {
      method,
      path: url.pathname + url.search,
      at: Date.now(),
      params: {},
      caller: undefined,
      status: 0,
      idempotencyKey: headerValue(request, 'idempotency-key'),
      stripeVersion: headerValue(request, 'stripe-version'),
      userAgent: headerValue(request, 'user-agent'),
    };
    requests.push(record);
    let answer: JsonAnswer;
    try {
      const body = method === 'POST' ? await readBody(request) : '';
      record.params = { ...decodeForm(url.searchParams), ...decodeForm(body) };
      answer = answerIdempotently(request, url, method, record);
    } catch (error) {
      if (!(error instanceof FormError)) throw error;
      answer = {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: `Invalid request: ${error.message}` } },
      };
    }
    record.status = answer.status;
    return answer;
  };

  const answerIdempotently = (
    request: IncomingMessage,
    url: URL,
    method: string,
    record: RecordedRequest,
  ): JsonAnswer => {
    const run = (): JsonAnswer => {
      const result = answerApi(state, keys, {
        method,
        path: url.pathname,
        headers: request.headers,
        params: record.params,
      });
      record.caller = result.caller;
      return { status: result.status, body: result.body };
    };
    const key = record.idempotencyKey;
    if (method !== 'POST' || !key) return run();
    const scope = `${headerValue(request, 'authorization') ?? record.params.key ?? ''} ${key}`;
    const fingerprint = `${url.pathname} ${JSON.stringify(record.params)}`;
    const kept = idempotent.get(scope);
    if (kept && kept.fingerprint !== fingerprint) {
      return {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      };
    }
    if (kept) return { ...kept.answer, headers: { 'idempotent-replayed': 'true' } };
    const answer = run();
    if (answer.status !== 401 && answer.status < 500) idempotent.set(scope, { fingerprint, answer });
    return answer;
  };

  const serve = async (request: IncomingMessage): Promise<JsonAnswer> => {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    if (method === 'OPTIONS') {
      return {
        status: 200,
        body: {},
        headers: {
          'access-control-allow-methods': 'GET, HEAD, PUT, PATCH, POST, DELETE',
          'access-control-allow-headers':
            headerValue(request, 'access-control-request-headers') ??
            'authorization, content-type, idempotency-key, stripe-version, stripe-account',
        },
      };
    }
    if (url.pathname.startsWith(CONTROL_PREFIX)) return handleControl(fake, method, url, request);
    if (url.pathname.startsWith('/v1/')) return answerApiRequest(request, url, method);
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`,
        },
      },
    };
  };

  const fake: FakeStripe = {
    url: '', // known once listening
    state,
    requests,
    events: state.events,
    sendEvent: (type, object) => {
      const event = state.emit(type, object);
      flush();
      return event;
    },
    configureWebhook,
    resendEvent: (id) => {
      const event = state.events.find((candidate) => candidate.id === id);
      const payload = state.payloads.get(id);
      if (!event || payload === undefined) throw new Error(`no event ${id}`);
      if (!webhooks.configured) throw new Error('no webhook endpoint is set');
      webhooks.enqueue(event, payload);
      return event;
    },
    renewSubscription: (id, paymentMethod) => {
      try {
        return renew(state, findSubscription(state, id), paymentMethod);
      } finally {
        flush();
      }
    },
    refund: (paymentIntent, amount) => {
      try {
        return createRefund(state, {
          payment_intent: paymentIntent,
          ...(amount !== undefined && { amount: String(amount) }),
        });
      } finally {
        flush();
      }
    },
    configurePortal: (saved) => {
      if (saved) state.portalConfiguration ??= newId('bpc');
      else state.portalConfiguration = null;
    },
    idle: () => webhooks.idle(),
    reset: () => {
      state.reset();
      requests.length = 0;
      idempotent.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        webhooks.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };

  const server = createServer((request, response) => {
    // Events caused by this request go out only once its answer has been sent (or the caller has gone).
    response.once('close', flush);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith(PORTAL_PREFIX)) {
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      answerPortalPage(state, request.method ?? 'GET', url, request).then(
        (answer) => sendHtml(response, answer),
        (error: unknown) => sendHtml(response, { status: 500, html: `fake Stripe failed: ${String(error)}` }),
      );
      return;
    }
    serve(request).then(
      (answer) => sendJson(response, answer),
      (error: unknown) => {
        sendJson(response, {
          status: 500,
          body: { error: { type: 'api_error', message: `fake Stripe failed: ${String(error)}` } },
          headers: { 'stripe-should-retry': 'false' },
        });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.baseUrl = fake.url;
  return fake;
}

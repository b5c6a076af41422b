// The `/__fake/…` endpoints, so browser tests running the app in another process can steer the fake Stripe:
// read requests and events, reset, point the webhooks somewhere, renew a subscription, refund, re-deliver,
// and save or forget the customer portal's settings.
// They are not Stripe's API: they take and answer plain JSON, need no key, and are never recorded.
import type { IncomingMessage } from 'node:http';
import { errorJson, StripeApiError } from './errors.ts';
import { FormError } from './form.ts';
import { type JsonAnswer, readBody } from './http.ts';
import type { FakeStripe } from './server.ts';

export const CONTROL_PREFIX = '/__fake/';

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(request);
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    throw new ControlError(400, 'body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ControlError(400, 'body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function optionalText(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') throw new ControlError(400, `${name} must be a string`);
  return value;
}

async function dispatch(
  fake: FakeStripe,
  method: string,
  url: URL,
  request: IncomingMessage,
): Promise<JsonAnswer> {
  const route = `${method} ${url.pathname}`;
  const json = (body: unknown, status = 200): JsonAnswer => ({ status, body });

  if (route === 'GET /__fake/requests') return json(fake.requests);
  if (route === 'GET /__fake/events') {
    // Answered once the deliveries queued so far are done, so a test reads settled `deliveries`.
    await fake.idle();
    const type = url.searchParams.get('type');
    return json(type ? fake.events.filter((event) => event.type === type) : fake.events);
  }
  if (route === 'POST /__fake/events') {
    const body = await readJson(request);
    const type = optionalText(body, 'type');
    if (!type) throw new ControlError(400, 'type is required');
    if (typeof body.object !== 'object' || body.object === null)
      throw new ControlError(400, 'object must be an object');
    return json(fake.sendEvent(type, body.object), 201);
  }
  if (route === 'POST /__fake/reset') {
    fake.reset();
    return json({ ok: true });
  }
  if (route === 'POST /__fake/webhook') {
    const body = await readJson(request);
    const target = optionalText(body, 'url');
    try {
      fake.configureWebhook(target ?? null, optionalText(body, 'secret'));
    } catch (error) {
      throw new ControlError(400, error instanceof Error ? error.message : String(error));
    }
    return json({ url: target ?? null });
  }
  if (route === 'POST /__fake/refund') {
    const body = await readJson(request);
    const intent = optionalText(body, 'payment_intent');
    if (!intent) throw new ControlError(400, 'payment_intent is required');
    const { amount } = body;
    if (amount !== undefined && (typeof amount !== 'number' || !Number.isInteger(amount))) {
      throw new ControlError(400, 'amount must be a whole number of the smallest currency unit');
    }
    return json(fake.refund(intent, amount), 201);
  }

  if (route === 'POST /__fake/billing-portal') {
    const body = await readJson(request);
    if (typeof body.saved !== 'boolean') throw new ControlError(400, 'saved must be true or false');
    fake.configurePortal(body.saved);
    return json({ saved: body.saved });
  }

  const renew = url.pathname.match(/^\/__fake\/subscriptions\/([A-Za-z0-9_]+)\/renew$/);
  if (renew?.[1] && method === 'POST') {
    const body = await readJson(request);
    return json(fake.renewSubscription(renew[1], optionalText(body, 'payment_method')));
  }
  const resend = url.pathname.match(/^\/__fake\/events\/([A-Za-z0-9_]+)\/resend$/);
  if (resend?.[1] && method === 'POST') {
    const id = resend[1];
    if (!fake.events.some((event) => event.id === id)) throw new ControlError(404, `no event ${id}`);
    try {
      return json(fake.resendEvent(id));
    } catch (error) {
      throw new ControlError(409, error instanceof Error ? error.message : String(error));
    }
  }
  const object = url.pathname.match(/^\/__fake\/objects\/([A-Za-z0-9_]+)$/);
  if (object?.[1] && method === 'GET') {
    const found = fake.state.objects.get(object[1]);
    if (!found) throw new ControlError(404, `no object ${object[1]}`);
    return json(found);
  }
  throw new ControlError(404, `no control endpoint ${route}`);
}

export async function handleControl(
  fake: FakeStripe,
  method: string,
  url: URL,
  request: IncomingMessage,
): Promise<JsonAnswer> {
  try {
    return await dispatch(fake, method, url, request);
  } catch (error) {
    if (error instanceof ControlError || error instanceof FormError) {
      return { status: error instanceof ControlError ? error.status : 400, body: { error: error.message } };
    }
    // Stripe's own refusals (no such subscription, nothing to refund) keep their status and shape.
    if (error instanceof StripeApiError) return { status: error.status, body: errorJson(error) };
    throw error;
  }
}

// Reading what Stripe sends: object references, metadata, the shape of signed events and their signing time.

import { MESSAGES } from '@rrc/contract';
import type Stripe from 'stripe';
import { AppError, serviceUnavailable } from '../../errors.ts';
import { sha256Hex } from '../../lib/sha256.ts';

/** The id of a Stripe object reference, expanded or not. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** `pi_123_secret_abc` → `pi_123`. */
export function paymentIntentOfSecret(clientSecret: string): string {
  const cut = clientSecret.indexOf('_secret_');
  return cut > 0 ? clientSecret.slice(0, cut) : clientSecret;
}

export function userIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const value = Number(metadata?.user_id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Stripe failures become 503s with the usual text; the details go to the log through `cause`. */
export function providerUnavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return serviceUnavailable(MESSAGES.serviceUnavailable, error);
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isCount = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * What is wrong with a signed event's shape for the types we apply, or null. Only Stripe can sign events,
 * but a malformed one must still be refused (400) rather than fail halfway.
 */
export function eventShapeProblem(event: Stripe.Event): string | null {
  const raw = event as unknown as Record<string, unknown>;
  if (typeof raw.id !== 'string' || raw.id.length === 0 || raw.id.length > 255) return 'no event id';
  if (typeof raw.type !== 'string') return 'no event type';
  const data = raw.data;
  if (!isObject(data) || !isObject(data.object)) return 'no data object';
  const object = data.object;
  const id = object.id;
  switch (raw.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      if (typeof id !== 'string') return 'the payment intent has no id';
      if (!isCount(object.amount)) return 'the payment intent has no amount';
      if (object.amount_received !== undefined && !isCount(object.amount_received))
        return 'a bad amount_received';
      if (object.metadata !== undefined && object.metadata !== null && !isObject(object.metadata)) {
        return 'bad metadata';
      }
      return null;
    case 'invoice.paid':
      if (typeof id !== 'string') return 'the invoice has no id';
      if (!isCount(object.amount_paid)) return 'the invoice has no amount_paid';
      if (typeof object.currency !== 'string') return 'the invoice has no currency';
      return null;
    case 'charge.refunded':
      if (!isCount(object.amount_refunded)) return 'the charge has no amount_refunded';
      if (typeof object.refunded !== 'boolean') return 'the charge does not say whether it is refunded';
      return null;
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      if (typeof id !== 'string' || !/^sub_[A-Za-z0-9]{1,250}$/.test(id)) return 'the subscription has no id';
      return null;
    default:
      return null;
  }
}

/** How far in the future a webhook signature may be dated (Stripe's own tolerance for the past). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The signing time (unix seconds) of a Stripe-Signature header, or null when it has none. */
export function signedAt(signature: string): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature);
  return match ? Number(match[1]) : null;
}

export const secretHashOf = (intent: Stripe.PaymentIntent) =>
  intent.client_secret ? sha256Hex(intent.client_secret) : null;

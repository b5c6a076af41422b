// Identifiers and clocks in Stripe's style: `pi_…`, `cus_…` ids, `{id}_secret_{…}` client secrets, unix seconds.
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits. */
export function randomToken(length: number): string {
  let token = '';
  while (token.length < length) {
    // 248 = 4 × 62: skipping the bytes above it keeps every character equally likely.
    for (const byte of randomBytes(length))
      if (byte < 248 && token.length < length) token += ALPHABET[byte % 62];
  }
  return token;
}

/** A new id with Stripe's prefix for the kind of object, e.g. `newId('pi')` → `pi_3Tq…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

/** A PaymentIntent's client secret, `{id}_secret_{random}`, from which Stripe.js reads the id. */
export function clientSecretFor(id: string): string {
  return `${id}_secret_${randomToken(25)}`;
}

/** The PaymentIntent id inside a client secret, or undefined when it is not one. */
export function paymentIntentIdOf(clientSecret: string): string | undefined {
  return clientSecret.match(/^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/)?.[1];
}

/** Unix time in seconds, as in every `created` field. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** `seconds` moved on by `count` calendar intervals, as Stripe bills them (month ends clamp: Jan 31 → Feb 28). */
export function addInterval(seconds: number, interval: string, count: number): number {
  const date = new Date(seconds * 1000);
  switch (interval) {
    case 'day':
      date.setUTCDate(date.getUTCDate() + count);
      break;
    case 'week':
      date.setUTCDate(date.getUTCDate() + 7 * count);
      break;
    case 'year':
    case 'month': {
      const months = interval === 'year' ? 12 * count : count;
      const day = date.getUTCDate();
      date.setUTCDate(1);
      date.setUTCMonth(date.getUTCMonth() + months);
      const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      date.setUTCDate(Math.min(day, lastDay));
      break;
    }
    default:
      throw new Error(`unknown interval "${interval}"`);
  }
  return Math.floor(date.getTime() / 1000);
}

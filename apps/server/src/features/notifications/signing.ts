import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `RRC-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body" with the webhook's secret>`. */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
export const newFeedToken = () => randomBytes(24).toString('base64url');

const unsubscribeMac = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');

/** A link token that stops a reader's alert emails without signing in: their id, signed. */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${unsubscribeMac(secret, userId)}`;
}

/** The reader a token was made for, or null when it is not one we signed. */
export function readUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(unsubscribeMac(secret, userId));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

// Who is calling: a secret key (`Authorization: Bearer sk_test_…`, as the SDK sends it) or a publishable key
// (`key=pk_test_…` in the parameters, as Stripe.js sends it). Anything else gets Stripe's 401 answers.
import type { IncomingHttpHeaders } from 'node:http';
import { invalidRequest, type StripeApiError } from './errors.ts';
import type { Params } from './params.ts';

export type Caller = { kind: 'secret'; key: string } | { kind: 'publishable'; key: string };

export interface AcceptedKeys {
  /** When set, the only secret key accepted; otherwise any `sk_test_…` key is. */
  secretKey?: string;
  /** When set, the only publishable key accepted; otherwise any `pk_test_…` key is. */
  publishableKey?: string;
}

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://docs.stripe.com/api#authentication for details, or we can help at https://support.stripe.com/.";

/** `sk_test_abc…wxyz` → `sk_test_********wxyz`, as Stripe prints keys in errors. */
export function maskKey(key: string): string {
  const prefix = key.match(/^[a-z]+_(?:test|live)_/)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  return rest.length <= 4 ? `${prefix}${rest}` : `${prefix}${'*'.repeat(rest.length - 4)}${rest.slice(-4)}`;
}

function keyFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (!authorization) return undefined;
  const bearer = authorization.match(/^Bearer\s+(\S+)$/i);
  if (bearer) return bearer[1];
  // `curl -u sk_test_…:` sends the key as the Basic user name.
  const basic = authorization.match(/^Basic\s+(\S+)$/i);
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  return authorization;
}

export function authenticate(headers: IncomingHttpHeaders, params: Params, keys: AcceptedKeys): Caller {
  const fromParams = typeof params.key === 'string' ? params.key : undefined;
  const key = keyFromHeaders(headers) ?? fromParams;
  if (!key) throw invalidRequest(NO_KEY, {}, 401);
  if (
    key.startsWith('sk_test_') &&
    (keys.secretKey ? key === keys.secretKey : /^sk_test_\w{8,}$/.test(key))
  ) {
    return { kind: 'secret', key };
  }
  if (
    key.startsWith('pk_test_') &&
    (keys.publishableKey ? key === keys.publishableKey : /^pk_test_\w{8,}$/.test(key))
  ) {
    return { kind: 'publishable', key };
  }
  throw invalidRequest(`Invalid API Key provided: ${maskKey(key)}`, {}, 401);
}

export function publishableKeyRefused(): StripeApiError {
  return invalidRequest(
    'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    {},
    401,
  );
}

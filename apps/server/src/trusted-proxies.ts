import { isIP } from 'node:net';

/** Names proxy-addr (Fastify's trustProxy) understands for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's trustProxy: off (''/false), a hop count (`true` is one hop: the proxy in front
 * of the server; never "every hop", which would believe the client's own left-most X-Forwarded-For entry),
 * or a list of proxy addresses/CIDRs. Null when the value is none of these.
 */
export function trustedProxies(value: string): false | number | string[] | null {
  const lower = value.toLowerCase();
  if (lower === '' || lower === 'false' || lower === 'off') return false;
  if (lower === 'true' || lower === 'on') return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value) > 0 ? Number(value) : false;
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return list.length > 0 && list.every(isAddressOrCidr) ? list : null;
}

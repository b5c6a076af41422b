import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blockedV4.addSubnet(network, prefix, 'ipv4');

const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // Discard-only, documentation, unique local, link-local, site-local (deprecated), multicast.
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  // NAT64 for local use (RFC 8215): the network's own translator, whatever IPv4 address it carries.
  ['64:ff9b:1::', 48],
  // Teredo: a tunnel through a NAT; its client address is obfuscated, and a webhook has no business there.
  ['2001::', 32],
] as const)
  blockedV6.addSubnet(network, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (zone left out), or null when it is not one. */
function ipv6Bytes(address: string): Uint8Array | null {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);
const v4 = (bytes: Uint8Array, at: number) => Array.from(bytes.slice(at, at + 4)).join('.');

/**
 * The IPv4 address an IPv6 address carries where it reaches that IPv4 host: IPv4-mapped (::ffff:0:0/96),
 * IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const zeros = (count: number) => Array(count).fill(0);
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return v4(bytes, 12);
  if (startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])) return v4(bytes, 12);
  if (startsWith(bytes, zeros(12))) return v4(bytes, 12);
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return v4(bytes, 12);
  if (startsWith(bytes, [0x20, 0x02])) return v4(bytes, 2);
  return null;
}

/**
 * Loopback, private, link-local, multicast or otherwise not a public address. An IPv6 address that reaches an
 * IPv4 host (mapped, compatible, NAT64, 6to4) is judged by that IPv4 address; Teredo and local-use NAT64 are
 * refused outright.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare.replace(/%.*$/, ''));
  if (version === 4) return blockedV4.check(bare, 'ipv4');
  if (version === 6) {
    const bytes = ipv6Bytes(bare);
    if (!bytes) return true;
    // The unspecified address and loopback are in ::/96 too: they are refused as themselves first.
    const canonical = Array.from({ length: 8 }, (_, i) =>
      (((bytes[i * 2] as number) << 8) | (bytes[i * 2 + 1] as number)).toString(16),
    ).join(':');
    if (blockedV6.check(canonical, 'ipv6')) return true;
    const inner = embeddedIpv4(canonical);
    return inner !== null && blockedV4.check(inner, 'ipv4');
  }
  return true;
}

export type AddressProblem = 'scheme' | 'https' | 'private' | 'unresolvable' | null;

export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (name) =>
  (await lookup(name, { all: true })).map((entry) => entry.address);

/** Where a webhook call goes: its address, and the one IP address it connects to (checked, then pinned). */
export type WebhookTarget =
  | { problem: Exclude<AddressProblem, null> }
  | { problem: null; url: URL; address: string; family: 4 | 6 };

function parsed(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Resolves a webhook's host once and checks what it found: http(s) only (https only in production), and
 * never a loopback or private address, nor a name with one among its addresses, unless private addresses are
 * allowed. The call must then connect to the address returned, not resolve the name again.
 */
export async function webhookTarget(
  value: string,
  options: { allowPrivate: boolean; httpsOnly: boolean; resolve?: Resolve },
): Promise<WebhookTarget> {
  const url = parsed(value);
  if (!url) return { problem: 'scheme' };
  if (!options.allowPrivate && options.httpsOnly && url.protocol !== 'https:') return { problem: 'https' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else if (!options.allowPrivate && (host === 'localhost' || host.endsWith('.localhost')))
    return { problem: 'private' };
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      return { problem: 'unresolvable' };
    }
  }
  const address = addresses[0];
  if (address === undefined || !isIP(address)) return { problem: 'unresolvable' };
  if (!options.allowPrivate && addresses.some(isPrivateAddress)) return { problem: 'private' };
  return { problem: null, url, address, family: isIP(address) === 6 ? 6 : 4 };
}

/**
 * Whether a webhook may be called at this address (see `webhookTarget`). Checked when a webhook is added;
 * every call checks again through `webhookTarget` and connects to the address it checked.
 */
export async function webhookAddressProblem(
  value: string,
  options: { allowPrivate: boolean; httpsOnly: boolean; resolve?: Resolve },
): Promise<AddressProblem> {
  if (options.allowPrivate) return parsed(value) ? null : 'scheme';
  return (await webhookTarget(value, options)).problem;
}

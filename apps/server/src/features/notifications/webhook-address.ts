import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Loopback, private, link-local, multicast or otherwise not a public address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 4) return blocked.check(bare, 'ipv4');
  if (version === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true;
}

export type AddressProblem = 'scheme' | 'https' | 'private' | 'unresolvable' | null;

/**
 * Whether a webhook may be called at this address: http(s) only (https only in production), and never a
 * loopback or private address, nor a name resolving to one, unless private addresses are allowed. Checked
 * when a webhook is added and again before every call.
 */
export async function webhookAddressProblem(
  value: string,
  options: { allowPrivate: boolean; httpsOnly: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<AddressProblem> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'scheme';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (options.allowPrivate) return null;
  if (options.httpsOnly && url.protocol !== 'https:') return 'https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  const resolve =
    options.resolve ??
    (async (name: string) => (await lookup(name, { all: true })).map((entry) => entry.address));
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.some(isPrivateAddress) ? 'private' : null;
}

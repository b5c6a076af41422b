import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken, webhookSignature } from './signing.ts';
import { embeddedIpv4, isPrivateAddress, webhookAddressProblem } from './webhook-address.ts';

const resolveTo = (addresses: string[]) => async () => addresses;
const strict = { allowPrivate: false, httpsOnly: true };

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8'])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  // IPv6 addresses that reach an IPv4 host are judged by that host's address.
  it.each([
    ['IPv4-compatible, hex', '::7f00:1'],
    ['IPv4-compatible, dotted', '::127.0.0.1'],
    ['IPv4-compatible, private', '::a00:1'],
    ['IPv4-mapped, hex', '::ffff:7f00:1'],
    ['IPv4-mapped, written out', '0:0:0:0:0:ffff:c0a8:0101'],
    ['IPv4-mapped, metadata address', '::ffff:169.254.169.254'],
    ['IPv4-translated', '::ffff:0:7f00:1'],
    ['NAT64 well-known, hex', '64:ff9b::7f00:1'],
    ['NAT64 well-known, dotted', '64:ff9b::10.0.0.1'],
    ['NAT64 local use', '64:ff9b:1::5db8:d822'],
    ['NAT64 local use, dotted', '64:ff9b:1:2::93.184.216.34'],
    ['6to4 of loopback', '2002:7f00:1::'],
    ['6to4 of a private network', '2002:c0a8:101::1'],
    ['6to4 of link-local', '2002:a9fe:a9fe::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo of a public client', '2001:0:53aa:64c:0:0:a247:27dd'],
    ['link-local with a zone', 'fe80::1%eth0'],
    ['documentation', '2001:db8::1'],
  ])('%s (%s) is private', (_what, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ['IPv4-mapped public', '::ffff:93.184.216.34'],
    ['IPv4-compatible public', '::5db8:d822'],
    ['NAT64 well-known of a public address', '64:ff9b::5db8:d822'],
    ['NAT64 well-known, dotted', '64:ff9b::8.8.8.8'],
    ['6to4 of a public address', '2002:5db8:d822::1'],
  ])('%s (%s) is public', (_what, address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('finds the IPv4 address inside mapped, compatible, NAT64 and 6to4 addresses', () => {
    expect(embeddedIpv4('::7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIpv4('64:ff9b::a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2002:a9fe:a9fe::')).toBe('169.254.169.254');
    expect(embeddedIpv4('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
  });

  it('refuses a webhook whose name resolves to an IPv6 form of loopback', async () => {
    for (const address of ['::7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::', '::ffff:127.0.0.1'])
      expect(
        await webhookAddressProblem('https://hooks.example/x', { ...strict, resolve: resolveTo([address]) }),
      ).toBe('private');
    expect(await webhookAddressProblem('https://[64:ff9b::7f00:1]/x', strict)).toBe('private');
    expect(await webhookAddressProblem('https://[2002:7f00:1::]/x', strict)).toBe('private');
  });

  it('refuses names resolving to a private address, loopback literals, localhost and plain http', async () => {
    expect(
      await webhookAddressProblem('https://hooks.example/x', {
        ...strict,
        resolve: resolveTo(['127.0.0.1']),
      }),
    ).toBe('private');
    expect(
      await webhookAddressProblem('https://hooks.example/x', {
        ...strict,
        resolve: resolveTo(['93.184.216.34', '::1']),
      }),
    ).toBe('private');
    expect(await webhookAddressProblem('https://[::1]/x', strict)).toBe('private');
    expect(await webhookAddressProblem('https://localhost/x', strict)).toBe('private');
    expect(
      await webhookAddressProblem('http://hooks.example/x', {
        ...strict,
        resolve: resolveTo(['93.184.216.34']),
      }),
    ).toBe('https');
    expect(
      await webhookAddressProblem('https://hooks.example/x', {
        ...strict,
        resolve: resolveTo(['93.184.216.34']),
      }),
    ).toBeNull();
    expect(await webhookAddressProblem('ftp://hooks.example/x', strict)).toBe('scheme');
  });

  it('allows everything http(s) with WEBHOOK_ALLOW_PRIVATE', async () => {
    expect(
      await webhookAddressProblem('http://127.0.0.1:9/x', { allowPrivate: true, httpsOnly: true }),
    ).toBeNull();
  });
});

describe('signatures', () => {
  it('signs "t.body" with HMAC-SHA256 in hex', () => {
    expect(webhookSignature('whsec_test', 1700000000, '{"a":1}')).toBe(
      't=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });

  it('reads back the unsubscribe tokens it made, and only those', () => {
    const token = unsubscribeToken('secret-a', 42);
    expect(readUnsubscribeToken('secret-a', token)).toBe(42);
    expect(readUnsubscribeToken('secret-b', token)).toBeNull();
    expect(readUnsubscribeToken('secret-a', token.replace(/^42/, '43'))).toBeNull();
    expect(readUnsubscribeToken('secret-a', 'nonsense')).toBeNull();
  });
});

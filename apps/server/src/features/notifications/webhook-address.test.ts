import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken, webhookSignature } from './signing.ts';
import { isPrivateAddress, webhookAddressProblem } from './webhook-address.ts';

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

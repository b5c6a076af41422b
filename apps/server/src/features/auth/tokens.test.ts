import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokens } from './tokens.ts';

const SECRET = 'a-secret-that-is-long-enough-for-testing-hs256';

describe('tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires on time, even just after it was verified', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokens(SECRET, '30s');
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toEqual({ userId: 42, version: 0 });
    vi.setSystemTime(Date.now() + 20_000);
    expect(await tokens.verify(token)).toEqual({ userId: 42, version: 0 });
    vi.setSystemTime(Date.now() + 11_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('round-trips a user id', async () => {
    const tokens = createTokens(SECRET, '1h');
    expect(await tokens.verify(await tokens.sign(42, 3))).toEqual({ userId: 42, version: 3 });
  });

  it('rejects tokens signed with another secret, expired or malformed', async () => {
    const tokens = createTokens(SECRET, '1h');
    const other = createTokens(`${SECRET}-other`, '1h');
    expect(await tokens.verify(await other.sign(42))).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuer('rr-companion')
      .setAudience('rr-companion-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(expired)).toBeNull();
  });

  it('rejects a validly signed token that never expires', async () => {
    const tokens = createTokens(SECRET, '1h');
    const forever = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuer('rr-companion')
      .setAudience('rr-companion-api')
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(forever)).toBeNull();
    const signed = await tokens.sign(42);
    const claims = JSON.parse(Buffer.from(signed.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: number;
      iat?: number;
    };
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('rejects an unsigned token', async () => {
    const tokens = createTokens(SECRET, '1h');
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: '1', iss: 'rr-companion', aud: 'rr-companion-api' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.`)).toBeNull();
  });
});

import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokens, lifetimeMs, newSessionId } from './tokens.ts';

const SECRET = 'a-secret-that-is-long-enough-for-testing-hs256';
const SESSION = newSessionId();

describe('tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires on time, even just after it was verified', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokens(SECRET, '30s');
    const token = await tokens.sign(42, SESSION, tokens.expiry());
    expect(await tokens.verify(token)).toEqual({ userId: 42, sessionId: SESSION });
    vi.setSystemTime(Date.now() + 20_000);
    expect(await tokens.verify(token)).toEqual({ userId: 42, sessionId: SESSION });
    vi.setSystemTime(Date.now() + 11_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('round-trips a user id and a session id', async () => {
    const tokens = createTokens(SECRET, '1h');
    expect(await tokens.verify(await tokens.sign(42, SESSION, tokens.expiry()))).toEqual({
      userId: 42,
      sessionId: SESSION,
    });
  });

  it('refuses a validly signed token that names no session (tokens from before sessions)', async () => {
    const tokens = createTokens(SECRET, '1h');
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('42')
        .setIssuer('rr-companion')
        .setAudience('rr-companion-api')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(await sign({ ver: 0 }))).toBeNull();
    expect(await tokens.verify(await sign({ sid: 'short' }))).toBeNull();
    expect(await tokens.verify(await sign({ sid: 42 }))).toBeNull();
    expect(await tokens.verify(await sign({ sid: SESSION }))).toEqual({ userId: 42, sessionId: SESSION });
  });

  it('reads session lifetimes the way JWT_EXPIRES_IN is written', () => {
    expect(lifetimeMs('7d')).toBe(7 * 24 * 3_600_000);
    expect(lifetimeMs('12h')).toBe(12 * 3_600_000);
    expect(lifetimeMs('30m')).toBe(30 * 60_000);
    expect(lifetimeMs('3600s')).toBe(3_600_000);
    expect(() => lifetimeMs('1w')).toThrow(/7d/);
  });

  it('rejects tokens signed with another secret, expired or malformed', async () => {
    const tokens = createTokens(SECRET, '1h');
    const other = createTokens(`${SECRET}-other`, '1h');
    expect(await tokens.verify(await other.sign(42, SESSION, other.expiry()))).toBeNull();
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
    const signed = await tokens.sign(42, SESSION, tokens.expiry());
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

import { createSecretKey } from 'node:crypto';
import { isId } from '@rrc/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { TtlCache } from '../../lib/ttl-cache.ts';

const ISSUER = 'rr-companion';
const AUDIENCE = 'rr-companion-api';
/**
 * How long a token's verification is remembered: a reader's browser sends the same token with every request,
 * and checking its signature cost more than the rest of a small personal read. Its expiry is still checked
 * every time; a token's version (changed by a new password) is checked against the account by the caller.
 */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_TOKENS = 10_000;
/** Tokens we sign are about 200 characters: a longer one is checked without being remembered. */
const REMEMBERED_TOKEN_LENGTH = 512;

export interface Tokens {
  sign(userId: number, version?: number): Promise<string>;
  /** The account a valid token names and the token version it was issued for; null for a forged or expired token. */
  verify(token: string): Promise<{ userId: number; version: number } | null>;
}

interface Claims {
  userId: number;
  version: number;
  /** When the token expires, in milliseconds. */
  expiresAt: number;
}

export function createTokens(secret: string, expiresIn: string): Tokens {
  // A key object, not bytes: jose then imports it once, not on every request.
  const key = createSecretKey(new TextEncoder().encode(secret));

  async function verifyToken(token: string): Promise<Claims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        // A token without an expiry would open a session forever: every one we sign has one.
        requiredClaims: ['exp'],
      });
      const id = Number(payload.sub);
      const version = typeof payload.ver === 'number' ? payload.ver : 0;
      // Account ids are 32-bit (PostgreSQL `integer`): a larger one names no account, and must not reach a query.
      return isId(id) ? { userId: id, version, expiresAt: Number(payload.exp) * 1000 } : null;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
  // Forged and expired tokens are remembered too: they stay what they are.
  const verified = new TtlCache<Claims | null>({
    ttlMs: VERIFIED_TTL_MS,
    maxEntries: VERIFIED_TOKENS,
  });
  return {
    sign(userId, version = 0) {
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    async verify(token) {
      const claims =
        token.length <= REMEMBERED_TOKEN_LENGTH
          ? await verified.get(token, () => verifyToken(token))
          : await verifyToken(token);
      return claims && claims.expiresAt > Date.now()
        ? { userId: claims.userId, version: claims.version }
        : null;
    },
  };
}

import { createSecretKey, randomBytes } from 'node:crypto';
import { isId } from '@rrc/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { TtlCache } from '../../lib/ttl-cache.ts';

const ISSUER = 'rr-companion';
const AUDIENCE = 'rr-companion-api';
/**
 * How long a token's verification is remembered: a reader's browser sends the same token with every request,
 * and checking its signature cost more than the rest of a small personal read. Its expiry is still checked
 * every time; whether its session still stands is asked of the database by the caller, on every request.
 */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_TOKENS = 10_000;
/** Tokens we sign are about 200 characters: a longer one is checked without being remembered. */
const REMEMBERED_TOKEN_LENGTH = 512;

export interface Tokens {
  /** When a session that starts now ends (JWT_EXPIRES_IN from now, to the second). */
  expiry(): Date;
  /** A token for the account's session, valid until `expiresAt`. */
  sign(userId: number, sessionId: string, expiresAt: Date): Promise<string>;
  /** The account and session a valid token names; null for a forged or expired token, or one naming no session. */
  verify(token: string): Promise<{ userId: number; sessionId: string } | null>;
}

interface Claims {
  userId: number;
  sessionId: string;
  /** When the token expires, in milliseconds. */
  expiresAt: number;
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `7d`, `12h`, `30m` or `3600s` (the forms JWT_EXPIRES_IN takes) in milliseconds. */
export function lifetimeMs(expiresIn: string): number {
  const match = /^(\d+)([smhd])$/.exec(expiresIn.trim());
  if (!match) throw new Error(`A session lifetime must look like 7d, 12h, 30m or 3600s, not ${expiresIn}`);
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}

/** Session ids are 128 random bits in base64url: 22 characters. */
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export function createTokens(secret: string, expiresIn: string): Tokens {
  const lifetime = lifetimeMs(expiresIn);
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
      // A token from before sessions existed names none: it opens nothing.
      const sessionId = typeof payload.sid === 'string' && SESSION_ID.test(payload.sid) ? payload.sid : null;
      // Account ids are 32-bit (PostgreSQL `integer`): a larger one names no account, and must not reach a query.
      return isId(id) && sessionId ? { userId: id, sessionId, expiresAt: Number(payload.exp) * 1000 } : null;
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
    expiry() {
      return new Date(Math.floor(Date.now() / 1000) * 1000 + lifetime);
    },
    sign(userId, sessionId, expiresAt) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      const claims =
        token.length <= REMEMBERED_TOKEN_LENGTH
          ? await verified.get(token, () => verifyToken(token))
          : await verifyToken(token);
      return claims && claims.expiresAt > Date.now()
        ? { userId: claims.userId, sessionId: claims.sessionId }
        : null;
    },
  };
}

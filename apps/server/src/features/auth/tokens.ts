import { createSecretKey } from 'node:crypto';
import { isId } from '@rrc/contract';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'rr-companion';
const AUDIENCE = 'rr-companion-api';

export interface Tokens {
  sign(userId: number, version?: number): Promise<string>;
  /** The account a valid token names and the token version it was issued for; null for a forged or expired token. */
  verify(token: string): Promise<{ userId: number; version: number } | null>;
}

export function createTokens(secret: string, expiresIn: string): Tokens {
  // A key object, not bytes: jose then imports it once, not on every request.
  const key = createSecretKey(new TextEncoder().encode(secret));
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
        return isId(id) ? { userId: id, version } : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

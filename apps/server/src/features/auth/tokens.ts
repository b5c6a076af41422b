import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'rr-companion';
const AUDIENCE = 'rr-companion-api';

export interface Tokens {
  sign(userId: number): Promise<string>;
  /** The user id a valid token names, or null for a missing, forged or expired token. */
  verify(token: string): Promise<number | null>;
}

export function createTokens(secret: string, expiresIn: string): Tokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign(userId) {
      return new SignJWT({})
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
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

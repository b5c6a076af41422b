import { hkdfSync, timingSafeEqual } from 'node:crypto';
import { safeReturnPath } from '@rrc/contract';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** The cookie that binds an OAuth sign-in to the browser that started it. */
export const STATE_COOKIE = 'rrc_oauth';
/** Sent only to the OAuth routes. */
const COOKIE_PATH = '/api/oauth';
export const STATE_TTL_SECONDS = 10 * 60;
/** How long the page has to exchange the one-time code the callback hands it. */
export const EXCHANGE_TTL_SECONDS = 60;

const ISSUER = 'rr-companion';
const AUDIENCE = 'rr-companion-oauth-state';
/** The same cookie once the provider has answered: it now only lets this browser exchange its code. */
const EXCHANGE_AUDIENCE = 'rr-companion-oauth-exchange';

/** What the server needs to finish a sign-in; never shown to the provider except the state itself. */
export interface OAuthState {
  provider: string;
  state: string;
  /** PKCE verifier; absent for providers without PKCE (GitHub). */
  codeVerifier?: string;
  /** Royal Road id of a fiction to add after sign-in, handed to /oauth/callback. */
  fictionId?: number;
  /** A path on this site to come back to, handed to /oauth/callback. */
  returnTo?: string;
}

/**
 * Signs and reads the state cookie: a compact HS256 JWT whose key is derived (HKDF) from JWT_SECRET,
 * so it can never pass for a session token and a session token can never pass for it. When the provider
 * has answered, the callback replaces it with an exchange cookie (another audience, one minute) that binds
 * the one-time code to this browser; neither can pass for the other.
 */
export function stateCookies(options: { jwtSecret: string; secure: boolean; now: () => Date }) {
  const key = new Uint8Array(hkdfSync('sha256', options.jwtSecret, 'rr-companion', 'oauth-state-cookie', 32));
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;

  return {
    /** The Set-Cookie header value holding the signed state for ten minutes. */
    async issue(state: OAuthState): Promise<string> {
      const issuedAt = Math.floor(options.now().getTime() / 1000);
      const jwt = await new SignJWT({
        p: state.provider,
        s: state.state,
        ...(state.codeVerifier !== undefined && { v: state.codeVerifier }),
        ...(state.fictionId !== undefined && { f: state.fictionId }),
        ...(state.returnTo !== undefined && { r: state.returnTo }),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + STATE_TTL_SECONDS)
        .sign(key);
      return `${STATE_COOKIE}=${jwt}; Max-Age=${STATE_TTL_SECONDS}; ${attributes}`;
    },

    /** The Set-Cookie header value that lets this browser, and no other, exchange the code of its sign-in. */
    async issueExchange(state: string): Promise<string> {
      const issuedAt = Math.floor(options.now().getTime() / 1000);
      const jwt = await new SignJWT({ s: state })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(EXCHANGE_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + EXCHANGE_TTL_SECONDS)
        .sign(key);
      return `${STATE_COOKIE}=${jwt}; Max-Age=${EXCHANGE_TTL_SECONDS}; ${attributes}`;
    },

    /** The sign-in state an exchange cookie in the request carries, when valid and not expired; else null. */
    async readExchange(cookieHeader: string | undefined): Promise<string | null> {
      for (const value of cookieValues(cookieHeader, STATE_COOKIE)) {
        const payload = await claims(value, EXCHANGE_AUDIENCE);
        if (payload && typeof payload.s === 'string' && payload.s.length > 0) return payload.s;
      }
      return null;
    },

    /** The Set-Cookie header value that removes the cookie. */
    clear(): string {
      return `${STATE_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes}`;
    },

    /** The state in the request's cookie when it is present, validly signed and not expired; else null. */
    async read(cookieHeader: string | undefined): Promise<OAuthState | null> {
      for (const value of cookieValues(cookieHeader, STATE_COOKIE)) {
        const state = await verify(value);
        if (state) return state;
      }
      return null;
    },
  };

  async function claims(value: string, audience: string): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(value, key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        currentDate: options.now(),
        requiredClaims: ['exp', 'iat'],
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  async function verify(value: string): Promise<OAuthState | null> {
    const payload = await claims(value, AUDIENCE);
    if (!payload) return null;
    const { p, s, v, f, r } = payload;
    if (typeof p !== 'string' || typeof s !== 'string' || s.length === 0) return null;
    if (v !== undefined && typeof v !== 'string') return null;
    if (f !== undefined && !(typeof f === 'number' && Number.isSafeInteger(f) && f > 0)) return null;
    // Checked again on the way out: only a path on this site ever reaches the callback page.
    const returnTo = safeReturnPath(r) ?? undefined;
    return {
      provider: p,
      state: s,
      ...(v !== undefined && { codeVerifier: v }),
      ...(f !== undefined && { fictionId: f }),
      ...(returnTo !== undefined && { returnTo }),
    };
  }
}

export type StateCookies = ReturnType<typeof stateCookies>;

/** Every value of the named cookie in a Cookie header (a browser may send several, most specific path first). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    if (value) values.push(value);
  }
  return values;
}

/** Compares two secrets in constant time (for equal lengths; a length difference is not secret). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

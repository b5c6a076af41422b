import { MESSAGES } from '@rrc/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import type { UserRecord } from '../lib/account.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by the guards below. */
    user: UserRecord | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** What the guards need to know of accounts; the auth service answers it (wired in the composition root). */
export interface AccountCheck {
  /** The account a session token stands for, or null when the token is not (or no longer) valid. */
  userForToken(token: string): Promise<UserRecord | null>;
  isAdmin(user: UserRecord): boolean;
}

/** preHandler hooks that put the signed-in account on the request or refuse it. */
export function authGuards(auth: AccountCheck) {
  async function resolve(request: FastifyRequest): Promise<'none' | 'invalid' | 'ok'> {
    const token = bearerToken(request);
    if (!token) return 'none';
    const user = await auth.userForToken(token);
    request.user = user;
    return user ? 'ok' : 'invalid';
  }

  return {
    /** Any signed-in account. */
    async requireUser(request: FastifyRequest) {
      const state = await resolve(request);
      if (state === 'none') throw unauthorized(MESSAGES.signInRequired);
      if (state === 'invalid') throw unauthorized(MESSAGES.sessionExpired);
    },
    /** Signed in and an administrator: 401 otherwise, 403 for everyone else. */
    async requireAdmin(request: FastifyRequest) {
      const state = await resolve(request);
      if (state === 'none') throw unauthorized(MESSAGES.signInRequired);
      if (state === 'invalid' || !request.user) throw unauthorized(MESSAGES.sessionExpired);
      if (!auth.isAdmin(request.user)) throw forbidden(MESSAGES.adminOnly);
    },
    /** Public routes that adapt to a signed-in reader; a bad token counts as signed out. */
    async optionalUser(request: FastifyRequest) {
      await resolve(request);
    },
  };
}

export type AuthGuards = ReturnType<typeof authGuards>;

/** The signed-in account of a guarded route. */
export function currentUser(request: FastifyRequest): UserRecord {
  if (!request.user) throw unauthorized(MESSAGES.signInRequired);
  return request.user;
}

import { MESSAGES } from '@rrc/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import type { UserRecord } from '../lib/account.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by the guards below. */
    user: UserRecord | null;
    /** The session the request's token stands for, set with `user`. */
    sessionId: string | null;
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
  /** The account and session a token stands for, or null when the token is not (or no longer) valid. */
  signedIn(token: string): Promise<{ user: UserRecord; sessionId: string } | null>;
  isAdmin(user: UserRecord): boolean;
}

/** preHandler hooks that put the signed-in account on the request or refuse it. */
export function authGuards(auth: AccountCheck) {
  async function resolve(request: FastifyRequest): Promise<'none' | 'invalid' | 'ok'> {
    const token = bearerToken(request);
    if (!token) return 'none';
    const signedIn = await auth.signedIn(token);
    request.user = signedIn?.user ?? null;
    request.sessionId = signedIn?.sessionId ?? null;
    return signedIn ? 'ok' : 'invalid';
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

/** The signed-in account of a guarded route and the session its token stands for. */
export function currentSession(request: FastifyRequest): { user: UserRecord; sessionId: string } {
  if (!request.user || !request.sessionId) throw unauthorized(MESSAGES.signInRequired);
  return { user: request.user, sessionId: request.sessionId };
}

import { randomBytes } from 'node:crypto';
import { type AuthSession, OAUTH_MESSAGES, type OAuthProvider, RETURN_TO_PARAM } from '@rrc/contract';
import { generateCodeVerifier, generateState } from 'arctic';
import { AppError, badRequest, serviceUnavailable } from '../../errors.ts';
import { sha256Hex as sha256 } from '../../lib/sha256.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ExchangeCodesRepository } from './exchange-codes.repository.ts';
import type { OAuthProviders } from './providers.ts';
import { EXCHANGE_TTL_SECONDS, STATE_TTL_SECONDS, type StateCookies, sameSecret } from './state-cookie.ts';

/** The little of a logger the sign-in uses; never given a token, a code or a secret. */
export interface OAuthLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** A short description of a failure for logs: its kind and first line, never a response body. */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as { code?: unknown }).code;
  const first = error.message.split('\n')[0]?.slice(0, 200) ?? '';
  return `${error.name}${typeof code === 'string' ? ` (${code})` : ''}: ${first}`;
}

/**
 * States already used to finish a sign-in, kept until their cookie would have expired: a replayed
 * callback is refused even when it carries a copy of the cookie. (Per process; with several web
 * processes the provider's one-time authorization code refuses the replay.)
 */
function usedStates(now: () => Date) {
  const until = new Map<string, number>();
  return {
    /** False when the state was used before. */
    claim(state: string): boolean {
      const at = now().getTime();
      if (until.size > 1000) {
        for (const [key, expires] of until) if (expires <= at) until.delete(key);
      }
      const expires = until.get(state);
      if (expires !== undefined && expires > at) return false;
      until.set(state, at + STATE_TTL_SECONDS * 1000);
      return true;
    },
  };
}

export interface OAuthServiceDeps {
  providers: OAuthProviders;
  cookies: StateCookies;
  auth: Pick<AuthService, 'signInWithProvider' | 'sessionFor'>;
  exchangeCodes: ExchangeCodesRepository;
  now?: () => Date;
}

/** Where a finished callback sends the browser, and the Set-Cookie value that goes with it. */
export interface CallbackOutcome {
  location: string;
  cookie: string;
}

/** Sign-in with external providers: authorization code flow with state (in a signed cookie) and PKCE. */
export function oauthService({
  providers,
  cookies,
  auth,
  exchangeCodes,
  now = () => new Date(),
}: OAuthServiceDeps) {
  const used = usedStates(now);
  // Every way a callback fails ends the sign-in: the state cookie goes.
  const errorPage = (message: string): CallbackOutcome => ({
    location: `/oauth/error?${new URLSearchParams({ error: message })}`,
    cookie: cookies.clear(),
  });

  /**
   * The page the browser lands on once signed in: `/oauth/callback?code[&fiction_id][&return_to]`. The code
   * opens the session once, within a minute, from this browser only (the cookie set here): a link to it
   * signs nobody else in, and no session token ever appears in an address.
   */
  async function signedInPage(
    userId: number,
    saved: { state: string; fictionId?: number; returnTo?: string },
  ): Promise<CallbackOutcome> {
    const code = randomBytes(32).toString('base64url');
    const at = now();
    await exchangeCodes.create({
      codeHash: sha256(code),
      browserHash: sha256(saved.state),
      userId,
      now: at.toISOString(),
      expiresAt: new Date(at.getTime() + EXCHANGE_TTL_SECONDS * 1000).toISOString(),
    });
    const params = new URLSearchParams({ code });
    if (saved.fictionId !== undefined) params.set('fiction_id', String(saved.fictionId));
    if (saved.returnTo !== undefined) params.set(RETURN_TO_PARAM, saved.returnTo);
    return { location: `/oauth/callback?${params}`, cookie: await cookies.issueExchange(saved.state) };
  }

  return {
    providers(): OAuthProvider[] {
      return providers.list();
    },

    /** The provider's authorization address and the Set-Cookie value that binds the sign-in to this browser. */
    async initiate(name: string, after: { fictionId?: number; returnTo?: string }) {
      const client = providers.client(name);
      const info = providers.info(name);
      if (!client || !info) throw badRequest(OAUTH_MESSAGES.disabled(name));
      const state = generateState();
      const codeVerifier = client.pkce ? generateCodeVerifier() : undefined;
      let url: URL;
      try {
        url = await client.authorizationUrl(state, codeVerifier);
      } catch (error) {
        throw serviceUnavailable(
          `Sign-in with ${info.displayName} is not available right now. Please try again later.`,
          new Error(`OAuth ${name} initiation failed: ${reason(error)}`),
        );
      }
      const cookie = await cookies.issue({
        provider: name,
        state,
        codeVerifier,
        fictionId: after.fictionId,
        returnTo: after.returnTo,
      });
      return { authorizationUrl: url.href, cookie };
    },

    /** The Set-Cookie value that removes the state cookie; every callback sends it. */
    clearCookie: () => cookies.clear(),

    /**
     * Finishes a sign-in and answers where to send the browser, with the cookie to set:
     * `/oauth/callback?code[&fiction_id][&return_to]` (see `exchange`) or `/oauth/error?error=<message>`.
     * Never throws; always a path on this site.
     */
    async complete(
      name: string,
      query: CallbackQuery | null,
      cookieHeader: string | undefined,
      log: OAuthLog,
    ): Promise<CallbackOutcome> {
      const info = providers.info(name);
      const client = providers.client(name);
      if (!info || !client) return errorPage(OAUTH_MESSAGES.disabled(name));
      const failed = OAUTH_MESSAGES.failed(info.displayName);
      try {
        if (query === null) {
          log.warn({ provider: name }, 'OAuth callback with a malformed query');
          return errorPage(failed);
        }
        const saved = await cookies.read(cookieHeader);
        if (query.error !== undefined) {
          const cancelled = query.error === 'access_denied';
          log.warn({ provider: name, providerError: query.error.slice(0, 100) }, 'OAuth provider refused');
          return errorPage(cancelled ? OAUTH_MESSAGES.cancelled(info.displayName) : failed);
        }
        const problem = !saved
          ? 'no valid state cookie'
          : saved.provider !== name
            ? 'state cookie for another provider'
            : !query.state || !sameSecret(saved.state, query.state)
              ? 'state mismatch'
              : !used.claim(saved.state)
                ? 'state already used'
                : null;
        if (problem || !saved) {
          log.warn({ provider: name, problem }, 'OAuth callback refused');
          return errorPage(OAUTH_MESSAGES.stateInvalid);
        }
        if (!query.code) {
          log.warn({ provider: name }, 'OAuth callback without a code');
          return errorPage(failed);
        }

        let identity: Awaited<ReturnType<typeof client.identity>>;
        try {
          identity = await client.identity(query.code, saved.codeVerifier);
        } catch (error) {
          log.warn({ provider: name, reason: reason(error) }, 'OAuth code exchange or profile failed');
          return errorPage(failed);
        }

        // The session itself opens at the exchange, in the browser that finishes the sign-in.
        const user = await auth.signInWithProvider({
          ...identity,
          provider: name,
          displayName: info.displayName,
        });
        return await signedInPage(user.id, saved);
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          log.warn({ provider: name, refusal: error.message }, 'OAuth sign-in refused');
          return errorPage(error.message);
        }
        log.error({ provider: name, reason: reason(error) }, 'OAuth sign-in failed');
        return errorPage(failed);
      }
    },

    /**
     * Opens the session a finished sign-in left for this browser: the code from `/oauth/callback`, used once,
     * within a minute, with the cookie the callback set. A code used before, too late or from another browser
     * is refused with the same message, and uses nothing up.
     */
    async exchange(code: string, cookieHeader: string | undefined, log: OAuthLog): Promise<AuthSession> {
      const state = await cookies.readExchange(cookieHeader);
      const userId = state
        ? await exchangeCodes.take({
            codeHash: sha256(code),
            browserHash: sha256(state),
            now: now().toISOString(),
          })
        : null;
      if (userId === null) {
        log.warn(
          { problem: state ? 'unknown, used or expired code' : 'no exchange cookie' },
          'OAuth exchange refused',
        );
        throw badRequest(OAUTH_MESSAGES.stateInvalid);
      }
      return auth.sessionFor(userId);
    },
  };
}

export type OAuthService = ReturnType<typeof oauthService>;

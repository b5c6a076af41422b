import { OAUTH_MESSAGES, type OAuthProvider, RETURN_TO_PARAM } from '@rrc/contract';
import { generateCodeVerifier, generateState } from 'arctic';
import { AppError, badRequest, serviceUnavailable } from '../../errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { OAuthProviders } from './providers.ts';
import { STATE_TTL_SECONDS, type StateCookies, sameSecret } from './state-cookie.ts';

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
  auth: AuthService;
  now?: () => Date;
}

/** Sign-in with external providers: authorization code flow with state (in a signed cookie) and PKCE. */
export function oauthService({ providers, cookies, auth, now = () => new Date() }: OAuthServiceDeps) {
  const used = usedStates(now);
  const errorPage = (message: string) => `/oauth/error?${new URLSearchParams({ error: message })}`;

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
     * Finishes a sign-in and answers where to send the browser: `/oauth/callback?token&user[&fiction_id][&return_to]`
     * or `/oauth/error?error=<message>`. Never throws; always a path on this site.
     */
    async complete(
      name: string,
      query: CallbackQuery | null,
      cookieHeader: string | undefined,
      log: OAuthLog,
    ): Promise<string> {
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

        const session = await auth.signInWithProvider({
          ...identity,
          provider: name,
          displayName: info.displayName,
        });
        const params = new URLSearchParams({ token: session.token, user: JSON.stringify(session.user) });
        if (saved.fictionId !== undefined) params.set('fiction_id', String(saved.fictionId));
        if (saved.returnTo !== undefined) params.set(RETURN_TO_PARAM, saved.returnTo);
        return `/oauth/callback?${params}`;
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          log.warn({ provider: name, refusal: error.message }, 'OAuth sign-in refused');
          return errorPage(error.message);
        }
        log.error({ provider: name, reason: reason(error) }, 'OAuth sign-in failed');
        return errorPage(failed);
      }
    },
  };
}

export type OAuthService = ReturnType<typeof oauthService>;

import type { User } from '@rrc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { getProfile } from '../../features/auth/api/get-profile.ts';
import { register } from '../../features/auth/api/register.ts';
import { resetPassword } from '../../features/auth/api/reset-password.ts';
import { signIn } from '../../features/auth/api/sign-in.ts';
import { signOut } from '../../features/auth/api/sign-out.ts';
import { signOutEverywhere } from '../../features/auth/api/sign-out-everywhere.ts';
import { updateProfile } from '../../features/auth/api/update-profile.ts';
import { ApiError, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { SessionContext, type SessionStatus, type SessionValue } from '../../lib/session.ts';
import { sessionStore } from '../../lib/session-store.ts';

/** Paths where a 401 reply must not send the visitor to /login (SPEC §4). */
const NO_REDIRECT_PATHS = ['/login', '/register', '/fiction/', '/oauth/callback'];

/**
 * The session of this browser (SPEC §4), built on the auth feature's calls and read everywhere through
 * `useSession` from lib.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<{
    status: SessionStatus;
    user: User | null;
    signedOutByReader: boolean;
  }>(() => {
    const stored = sessionStore.read();
    return stored
      ? { status: 'loading', user: stored.user, signedOutByReader: false }
      : { status: 'signed-out', user: null, signedOutByReader: false };
  });

  const queryClient = useQueryClient();
  // Nothing one reader's session loaded may be shown to whoever signs in next on this browser.
  const clear = useCallback(
    (byReader = false) => {
      sessionStore.clear();
      queryClient.clear();
      setState({ status: 'signed-out', user: null, signedOutByReader: byReader });
    },
    [queryClient],
  );

  // A session stored by an earlier visit (not one a page adopts while starting, like the OAuth callback).
  const [startupToken] = useState(() => sessionStore.token());

  // A stored session is re-verified against the profile once at start-up.
  useEffect(() => {
    const token = startupToken;
    if (!token) return;
    const controller = new AbortController();
    // A sign-in may replace the token while this check is under way: its answer then no longer applies.
    const stale = () => controller.signal.aborted || sessionStore.token() !== token;
    getProfile(controller.signal)
      .then((user) => {
        if (stale()) return;
        sessionStore.writeUser(user);
        setState({ status: 'signed-in', user, signedOutByReader: false });
      })
      .catch((error: unknown) => {
        if (stale()) return;
        // An outage or a rate limit is not a verdict on the session: keep it when the server could not answer.
        const transient =
          error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
        const stored = sessionStore.read();
        if (transient && stored?.user)
          setState({ status: 'signed-in', user: stored.user, signedOutByReader: false });
        else clear();
      });
    return () => controller.abort();
  }, [clear, startupToken]);

  useEffect(() => {
    setUnauthorizedHandler((rejectedToken) => {
      // Only a 401 for the token stored now ends the session.
      if (!rejectedToken || sessionStore.token() !== rejectedToken) return;
      clear();
      if (!NO_REDIRECT_PATHS.some((path) => window.location.pathname.includes(path))) {
        navigate('/login', { replace: true });
      }
    });
    return () => setUnauthorizedHandler(null);
  }, [clear, navigate]);

  const value = useMemo<SessionValue>(() => {
    const start = (token: string, user: User) => {
      queryClient.clear();
      sessionStore.write(token, user);
      setState({ status: 'signed-in', user, signedOutByReader: false });
      return user;
    };
    return {
      ...state,
      async signIn(body) {
        const session = await signIn(body);
        return start(session.token, session.user);
      },
      async register(body) {
        const session = await register(body);
        return start(session.token, session.user);
      },
      async adoptToken(token) {
        sessionStore.writeToken(token);
        try {
          const user = await getProfile();
          return start(token, user);
        } catch (error) {
          clear();
          throw error;
        }
      },
      async resetPassword(body) {
        const session = await resetPassword(body);
        return start(session.token, session.user);
      },
      async refreshUser() {
        const token = sessionStore.token();
        if (!token) return;
        const user = await getProfile();
        // Someone else may have signed in meanwhile: their session is not this answer's.
        if (sessionStore.token() !== token) return;
        sessionStore.writeUser(user);
        setState({ status: 'signed-in', user, signedOutByReader: false });
      },
      async updateProfile(body) {
        const { user, token } = await updateProfile(body);
        if (token) sessionStore.writeToken(token);
        sessionStore.writeUser(user);
        setState({ status: 'signed-in', user, signedOutByReader: false });
        return user;
      },
      async signOut() {
        // The server ends the session first, so that a copy of the token stops working too; this browser
        // forgets it whatever the answer (an outage, a session that had ended already).
        await signOut().catch(() => undefined);
        clear(true);
        navigate('/login');
      },
      async signOutEverywhere() {
        // A failure is the caller's to show: every other session would stay open.
        await signOutEverywhere();
        clear(true);
        navigate('/login');
      },
    };
  }, [state, clear, navigate, queryClient]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

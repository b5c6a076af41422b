import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { afterSignInFrom, destinationAfterSignIn } from './after-sign-in.ts';
import { exchangeOAuthCode } from './api/exchange-oauth-code.ts';
import { useKnownOAuthError } from './oauth-errors.ts';

const NO_TOKEN = 'No authentication token received.';
const FAILED = 'Authentication failed. Please try again.';

/**
 * Read once, before anything else runs. The one-time code must leave the address bar (and history) at once,
 * and so must a session token an old-style link may carry: it is never used, so that a link cannot sign a
 * visitor into someone else's account.
 */
function takeCallbackParams() {
  const params = new URLSearchParams(window.location.search);
  // The server checked the return path; it is checked here again all the same.
  const after = afterSignInFrom(window.location.search);
  if (params.has('code') || params.has('token'))
    window.history.replaceState(window.history.state, '', window.location.pathname);
  return { code: params.get('code'), error: params.get('error'), after };
}

function Failure({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Authentication Error</h1>
      <p className="mt-3 text-slate-600" role="alert">
        {message}
      </p>
      <Link to="/login" className={`${buttonClasses('primary')} mt-8`}>
        Back to Login
      </Link>
    </div>
  );
}

/**
 * Where a provider sign-in lands (SPEC §2 OAuth callback): the page exchanges the one-time code of its
 * address for the session (only this browser can), verifies it against the profile, then goes on.
 */
export function OAuthCallbackPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useState(takeCallbackParams);
  const [failure, setFailure] = useState<string | null>(() =>
    params.error || params.code ? null : NO_TOKEN,
  );
  const shownError = useKnownOAuthError(params.error, FAILED);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || failure || params.error || !params.code) return;
    started.current = true;
    const code = params.code;
    (async () => {
      try {
        const { token } = await exchangeOAuthCode(code);
        // The token is stored and checked against the profile before anything else uses it.
        await session.adoptToken(token);
      } catch {
        setFailure(FAILED);
        return;
      }
      navigate(await destinationAfterSignIn(params.after), { replace: true });
    })();
  }, [failure, params, session, navigate]);

  if (params.error && shownError.message) return <Failure message={shownError.message} />;
  if (failure) return <Failure message={failure} />;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <Spinner label="Signing you in" />
      <h1 className="mt-5 text-2xl font-bold text-slate-900">Completing Authentication</h1>
      <p className="mt-3 text-slate-600">Just a moment while we sign you in…</p>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { afterSignInFrom, destinationAfterSignIn } from './after-sign-in.ts';
import { useSession } from './session.tsx';

/** Read once, before anything else runs: the token must leave the address bar (and history) at once. */
function takeCallbackParams() {
  const params = new URLSearchParams(window.location.search);
  // The server checked the return path; it is checked here again all the same.
  const after = afterSignInFrom(window.location.search);
  if (params.has('token')) window.history.replaceState(window.history.state, '', window.location.pathname);
  return { token: params.get('token'), error: params.get('error'), after };
}

/** Where a provider sign-in lands (SPEC §2 OAuth callback). */
export function OAuthCallbackPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useState(takeCallbackParams);
  const [failure, setFailure] = useState<string | null>(() => {
    if (params.error) return params.error;
    if (!params.token) return 'No authentication token received.';
    return null;
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || failure || !params.token) return;
    started.current = true;
    const token = params.token;
    (async () => {
      try {
        // The token is stored and checked against the profile before anything else uses it.
        await session.adoptToken(token);
      } catch {
        setFailure('Authentication failed. Please try again.');
        return;
      }
      navigate(await destinationAfterSignIn(params.after), { replace: true });
    })();
  }, [failure, params, session, navigate]);

  if (failure) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Authentication Error</h1>
        <p className="mt-3 text-slate-600" role="alert">
          {failure}
        </p>
        <Link to="/login" className={`${buttonClasses('primary')} mt-8`}>
          Back to Login
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <Spinner label="Signing you in" />
      <h1 className="mt-5 text-2xl font-bold text-slate-900">Completing Authentication</h1>
      <p className="mt-3 text-slate-600">Just a moment while we sign you in…</p>
    </div>
  );
}

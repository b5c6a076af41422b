import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useKnownOAuthError } from './oauth-errors.ts';

const GENERAL_FAILURE = 'An error occurred during authentication. Please try again.';

/** Where a failed provider sign-in lands (SPEC §2): the server's text when it is one the server sends. */
export function OAuthErrorPage() {
  const [params] = useSearchParams();
  const { message, checking } = useKnownOAuthError(params.get('error'), GENERAL_FAILURE);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <div className="mb-5 flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-600">
        <svg
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </svg>
      </div>
      <h1 className="text-2xl font-bold text-slate-900">Authentication Failed</h1>
      <p className="mt-3 min-h-6 text-slate-600">
        {checking ? <Spinner label="Loading the message" /> : message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/login" className={buttonClasses('primary')}>
          Back to Login
        </Link>
        <Link to="/register" className={buttonClasses('secondary')}>
          Create a new account
        </Link>
      </div>
    </div>
  );
}

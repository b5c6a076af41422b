import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useKnownOAuthError } from './oauth-errors.ts';
import { StatusIcon } from './StatusIcon.tsx';

const GENERAL_FAILURE = 'An error occurred during authentication. Please try again.';

/** Where a failed provider sign-in lands (SPEC §2): the server's text when it is one the server sends. */
export function OAuthErrorPage() {
  const [params] = useSearchParams();
  const { message, checking } = useKnownOAuthError(params.get('error'), GENERAL_FAILURE);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <StatusIcon tone="error" />
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

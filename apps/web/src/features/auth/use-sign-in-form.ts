import { DEFAULT_AFTER_SIGN_IN } from '@rrc/contract/rules';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failureMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { afterSignInFrom, destinationAfterSignIn } from './after-sign-in.ts';

/**
 * What the sign-in and registration forms share: where the reader goes once in (`after`, from the address),
 * where a reader already signed in is sent instead (`signedInTo`), and `submit`, which signs in one way or the
 * other, then goes on, or shows the failure (with the form's own fallback text).
 */
export function useSignInForm(fallback: string) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const after = afterSignInFrom(location.search);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(signIn: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await signIn();
      navigate(await destinationAfterSignIn(after), { replace: true });
    } catch (failure) {
      setError(failureMessage(failure, fallback));
      setBusy(false);
    }
  }

  return {
    session,
    after,
    /** The address's query, carried to the other form. */
    search: location.search,
    busy,
    error,
    setError,
    submit,
    signedInTo: session.status === 'signed-in' && !busy ? (after.returnTo ?? DEFAULT_AFTER_SIGN_IN) : null,
  };
}

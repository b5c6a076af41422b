import { ACCOUNT_EMAIL_MESSAGES } from '@rrc/contract/rules';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { useLinkToken } from './link-token.ts';
import { StatusIcon } from './StatusIcon.tsx';

const FALLBACK = 'We could not confirm your email address. Please try again.';

/** Where the verification link lands: confirms the address, signed in or not. */
export function VerifyEmailPage() {
  const token = useLinkToken();
  const session = useSession();
  const verify = useVerifyEmail();
  const sent = useRef(false);
  const { refreshUser } = session;
  const signedIn = session.status === 'signed-in';

  useEffect(() => {
    // A link works once: never send it twice, even when the page mounts twice.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(
      { token },
      // The banner asking to verify goes away at once for a reader signed in here.
      { onSuccess: () => void refreshUser().catch(() => undefined) },
    );
  }, [token, verify.mutate, refreshUser]);

  const next = signedIn ? (
    <Link to="/dashboard" className={buttonClasses('primary')}>
      Go to Dashboard
    </Link>
  ) : (
    <Link to="/login" className={buttonClasses('primary')}>
      Sign in
    </Link>
  );

  if (!token || verify.isError) {
    return (
      <Outcome tone="error" title="This link did not work">
        <p>{token ? failureMessage(verify.error, FALLBACK) : ACCOUNT_EMAIL_MESSAGES.linkIncomplete}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{next}</div>
      </Outcome>
    );
  }
  if (verify.isSuccess) {
    return (
      <Outcome tone="success" title="Your email address is confirmed">
        <p>
          Thank you! <strong className="break-words text-slate-900">{verify.data.email}</strong> is now the
          verified address of your account.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{next}</div>
      </Outcome>
    );
  }
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 px-4 text-slate-600">
      <Spinner label="Confirming your email address" className="scale-125" />
      <p aria-hidden="true">Confirming your email address...</p>
    </div>
  );
}

function Outcome({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <StatusIcon tone={tone} />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-3 text-slate-600">{children}</div>
    </div>
  );
}

import { ACCOUNT_EMAIL_MESSAGES } from '@rrc/contract/rules';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { CONFIRMING_PARAM, useLinkToken } from './link-token.ts';
import { StatusIcon } from './StatusIcon.tsx';

const FALLBACK = 'We could not confirm your email address. Please try again.';

/**
 * Where the verification link lands. In the account's own session it confirms the address; anywhere else the
 * server hands the account to whoever reads the address's mail, and this page sends them on to choose its
 * password, which confirms it.
 */
export function VerifyEmailPage() {
  const token = useLinkToken();
  const session = useSession();
  const navigate = useNavigate();
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
      {
        onSuccess: (answer) => {
          if (answer.status === 'choose-password') {
            const params = new URLSearchParams({ token: answer.resetToken, [CONFIRMING_PARAM]: '1' });
            navigate(`/reset-password?${params}`, { replace: true });
            return;
          }
          // The banner asking to verify goes away at once for a reader signed in here.
          void refreshUser().catch(() => undefined);
        },
      },
    );
  }, [token, verify.mutate, refreshUser, navigate]);

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
  if (verify.isSuccess && verify.data.status === 'verified') {
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

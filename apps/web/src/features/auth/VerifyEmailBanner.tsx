import { EMAIL_LINK_LIFETIME, VERIFY_EMAIL_PATH } from '@rrc/contract/rules';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session.ts';
import { useResendVerification } from './api/resend-verification.ts';
import { ResendButton, resendFailure } from './ResendVerification.tsx';

/** Asks a signed-in reader whose address is not verified yet to open the link mailed to them. */
export function VerifyEmailBanner() {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const resend = useResendVerification();
  // A session stored before verification existed has no email_verified: it is checked again at start-up.
  const unverified = status === 'signed-in' && user?.email_verified === false;
  // Only an unverified reader needs to know whether the site sends email.
  const config = usePublicConfig({ enabled: unverified });
  if (!unverified || config.data?.email_enabled !== true || pathname === VERIFY_EMAIL_PATH) return null;
  const address = <span className="font-medium break-words">{resend.data?.email ?? user.email}</span>;
  return (
    <section aria-label="Verify your email address" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8">
        <div className="min-w-0 flex-1 basis-72" aria-live="polite">
          <p>
            <strong className="font-semibold">Please confirm your email address.</strong>{' '}
            {resend.isSuccess ? (
              <>
                We sent a new link to {address}. It works for {EMAIL_LINK_LIFETIME.verifyEmailHours} hours.
              </>
            ) : (
              <>We sent a link to {address}; open it to finish setting up your account.</>
            )}
          </p>
          {resend.isError && <p className="mt-1 text-red-700">{resendFailure(resend.error)}</p>}
        </div>
        <ResendButton resend={resend} className="shrink-0 px-3 py-1.5">
          Resend email
        </ResendButton>
      </div>
    </section>
  );
}

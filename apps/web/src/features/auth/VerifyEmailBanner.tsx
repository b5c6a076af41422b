import { VERIFY_EMAIL_PATH } from '@rrc/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { publicConfigQuery } from '../../lib/public-config.ts';
import { ResendVerification } from './ResendVerification.tsx';
import { useSession } from './session.tsx';

/** Asks a signed-in reader whose address is not verified yet to open the link mailed to them. */
export function VerifyEmailBanner() {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  // A session stored before verification existed has no email_verified: it is checked again at start-up.
  const unverified = status === 'signed-in' && user?.email_verified === false;
  // Only an unverified reader needs to know whether the site sends email.
  const config = useQuery({ ...publicConfigQuery, enabled: unverified });
  if (!unverified || config.data?.email_enabled !== true || pathname === VERIFY_EMAIL_PATH) return null;
  return (
    <section aria-label="Verify your email address" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8">
        <p className="min-w-0 flex-1 basis-72">
          <strong className="font-semibold">Please confirm your email address.</strong> We sent a link to{' '}
          <span className="break-all font-medium">{user.email}</span>; open it to finish setting up your
          account.
        </p>
        <ResendVerification label="Resend email" />
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import { signInPath } from '../../lib/sign-in-path.ts';

/** Where a signed-out visitor goes to start Monthly Coffee Pods with an account, and comes back to them. */
export const MONTHLY_SIGN_IN = signInPath('/coffee?tier=monthly');

function Write({ to }: { to: string }) {
  return (
    <a href={`mailto:${to}`} className="font-medium text-brand-700 underline hover:text-brand-800">
      {to}
    </a>
  );
}

/** How Monthly Coffee Pods are stopped, told before paying for them. */
export function MonthlyNote({ signedIn, contactEmail }: { signedIn: boolean; contactEmail: string | null }) {
  if (signedIn) return <>Renews every month; cancel it on this page at any time.</>;
  if (!contactEmail) {
    return (
      <>Monthly Coffee Pods need an account, so that you can cancel them yourself on this page at any time.</>
    );
  }
  return (
    <>
      Renews every month until you cancel.{' '}
      <Link to={MONTHLY_SIGN_IN} className="font-medium text-brand-700 underline hover:text-brand-800">
        Sign in
      </Link>{' '}
      first to cancel it yourself on this page at any time; without an account, write to{' '}
      <Write to={contactEmail} /> and we will cancel it.
    </>
  );
}

/** How to stop Monthly Coffee Pods, told once they are paid for. */
export function MonthlyThanks({
  signedIn,
  contactEmail,
}: {
  signedIn: boolean;
  contactEmail: string | null;
}) {
  if (signedIn) {
    return <>It renews every month; you can cancel it on this page at any time.</>;
  }
  return (
    <>
      It renews every month. To stop it, write to {contactEmail ? <Write to={contactEmail} /> : 'us'} with the
      date of this payment and the last four digits of your card, and we will cancel it.
    </>
  );
}

import { EMAIL_LINK_LIFETIME } from '@rrc/contract/rules';
import { Button } from '../../components/ui/Button.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { useResendVerification } from './api/resend-verification.ts';

const RESEND_FALLBACK = 'We could not send the email. Please try again.';

/** Why a new verification link could not be sent. */
export function resendFailure(error: unknown): string {
  return failureMessage(error, RESEND_FALLBACK);
}

/** The button that mails a new verification link; it says 'Sending...' and waits until the link is sent. */
export function ResendButton({
  resend,
  className,
  children,
}: {
  resend: ReturnType<typeof useResendVerification>;
  className: string;
  children: string;
}) {
  return (
    <Button
      variant="secondary"
      className={className}
      disabled={resend.isPending}
      onClick={() => resend.mutate()}
    >
      {resend.isPending ? 'Sending...' : children}
    </Button>
  );
}

/** A button that mails a new verification link, then says below it where it went (or why it did not). */
export function ResendVerification() {
  const resend = useResendVerification();
  return (
    <div className="space-y-1.5">
      <ResendButton resend={resend} className="px-3 py-1.5">
        Send the link again
      </ResendButton>
      <p aria-live="polite" className="text-sm">
        {resend.isSuccess && (
          <span className="text-emerald-700">
            Sent to <strong className="break-words">{resend.data.email}</strong>. The link works for{' '}
            {EMAIL_LINK_LIFETIME.verifyEmailHours} hours.
          </span>
        )}
        {resend.isError && <span className="text-red-700">{resendFailure(resend.error)}</span>}
      </p>
    </div>
  );
}
